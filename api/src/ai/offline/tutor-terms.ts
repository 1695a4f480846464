// The words of a question that carry its subject, and the stemming that lets a singular question find a
// plural text: shared by the offline tutor and the tutor's retrieval (modules/chat/retrieval.ts).

/** Words that carry no subject: grammar, and the words of asking for help ("explain this lesson briefly"). */
export const STOP = new Set(
  `a an the and or but if of to in on at by for with from into about as is are was were be been being do does did
  can could should would will shall may might must this that these those it its it's i me my we our you your they
  them their what which who whom whose when where why how not no yes so than then there here just also very more
  most some any all each other such only own same too again once please explain explaining describe tell show give
  briefly brief simply simple short example examples lesson lessons mean means meaning understand understanding
  question questions help clarify summarise summarize summary detail details difference differ between work works
  use used using get make thing things way ways like know want need does doesn't don't isn't without
  happen happens happened go goes going first`.split(/\s+/),
);

/**
 * A word reduced to what its inflections share, the same way whichever form it comes in: "tables" and
 * "table" → "table", "indexes" → "index", "queries" → "query", "joined" and "joining" → "join".
 */
export function stem(word: string): string {
  const cut = (n: number, add = '') => (word.length - n >= 3 ? word.slice(0, -n) + add : word);
  if (word.endsWith('ies')) return cut(3, 'y');
  if (/(s|x|z|ch|sh)es$/.test(word)) return cut(2);
  if (word.endsWith('ing')) return cut(3);
  if (word.endsWith('ed')) return cut(2);
  if (word.endsWith('s') && !word.endsWith('ss')) return cut(1);
  return word;
}

export const wordsOf = (text: string) => text.toLowerCase().match(/[a-z0-9+#]+(?:'[a-z]+)?/g) ?? [];

/** The question's words that carry its subject, as written (each once): what a search for it looks for. */
export function contentWords(question: string): string[] {
  return [...new Set(wordsOf(question).filter((w) => w.length >= 2 && !STOP.has(w)))];
}

/** The question's subject terms, stemmed: what a sentence of the lesson must share to answer it. */
export function questionTerms(question: string): string[] {
  return [...new Set(contentWords(question).map(stem))];
}

/** How many of `terms` (stemmed) occur in `text`. */
export function termsCovered(text: string, terms: readonly string[]): number {
  const stems = new Set(wordsOf(text).map(stem));
  return terms.filter((t) => stems.has(t)).length;
}
