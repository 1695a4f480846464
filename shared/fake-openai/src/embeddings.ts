// The test server's embeddings: deterministic vectors in which texts sharing words, or words of one meaning,
// lie close. A bag of words hashed into a fixed number of dimensions and normalized, where each group of
// synonyms below counts as one word: "a physician" and "the doctor" point the same way, as a real model's
// vectors would, though they share no word a full-text search could match.

/** Dimensions when the request names none (OpenAI's `dimensions` parameter picks others). */
export const FAKE_EMBEDDING_DIMENSIONS = 256;

const SYNONYMS: readonly (readonly string[])[] = [
  ['doctor', 'physician', 'medic', 'clinician'],
  ['car', 'automobile', 'vehicle', 'motorcar'],
  ['big', 'large', 'huge', 'enormous'],
  ['buy', 'purchase', 'acquire'],
  ['start', 'begin', 'commence'],
  ['fast', 'quick', 'rapid', 'speedy'],
  ['house', 'home', 'dwelling', 'residence'],
  ['child', 'kid', 'youngster'],
  ['mistake', 'error', 'fault', 'blunder'],
  ['illness', 'disease', 'sickness', 'ailment'],
];

const CONCEPT = new Map<string, string>(SYNONYMS.flatMap((group) => group.map((w) => [w, group[0]!])));

/** Words that say nothing of a text's subject: counted, they would bring every question near every text. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be but by can do does for from has have how i in is it its of on or so that the their ' +
    'them there these they this to was we what when where which who why will with you your'
  ).split(' '),
);

/** A word as it counts: lower case, a plural's s dropped, a synonym as its group's first word. */
function term(word: string): string {
  const w = word.toLowerCase();
  const singular = w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w;
  return CONCEPT.get(singular) ?? CONCEPT.get(w) ?? singular;
}

/** FNV-1a: a stable 32-bit hash, so a word lands in the same dimension in every run. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The text's vector: its terms counted in hashed dimensions, of length 1 (cosine = dot product). */
export function fakeEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of text.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (STOP_WORDS.has(word.toLowerCase())) continue;
    vector[hash(term(word)) % dimensions]! += 1;
  }
  const length = Math.hypot(...vector);
  // a text of no counted word: one fixed direction (a zero vector has no cosine)
  if (length === 0) return vector.map((_, i) => (i === 0 ? 1 : 0));
  return vector.map((v) => v / length);
}

/** The answer of POST /v1/embeddings for `input` (a string or strings), as OpenAI shapes it. */
export function embeddingsJson(body: unknown) {
  const { model, input, dimensions } = (body ?? {}) as {
    model?: string;
    input?: unknown;
    dimensions?: number;
  };
  const texts = Array.isArray(input) ? input.map(String) : [String(input ?? '')];
  const dims = Number.isInteger(dimensions) && dimensions! > 0 ? dimensions! : FAKE_EMBEDDING_DIMENSIONS;
  return {
    object: 'list',
    model: model ?? 'test-embedding-model',
    data: texts.map((text, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(text, dims) })),
    usage: { prompt_tokens: texts.length, total_tokens: texts.length },
  };
}
