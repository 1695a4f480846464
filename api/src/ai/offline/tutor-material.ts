// The offline tutor on a goal with sources: it cannot write, so it answers by retrieval. The excerpts the
// tutor's retrieval found (numbered as a model would be given them) that match the question well enough are
// quoted, trimmed to their sentences holding the question's words, each with its [n] and where it comes
// from; when none does, the answer is NOT_IN_MATERIAL and nothing else. Deterministic: the same excerpts and
// question give the same answer, read from the prompt's input or from its messages.
import { NOT_IN_MATERIAL } from '@mindpath/contracts/sources-constants';
import { type ChatExcerpt, EXCERPTS_HEADER } from '../prompts/chat.ts';
import { questionTerms, termsCovered } from './tutor-terms.ts';

/** How long one quote is at most, and how many excerpts an answer quotes. */
export const QUOTE_CHARS = 400;
export const MAX_QUOTES = 3;

/**
 * Whether a text matches the question well enough to answer it: it holds at least half of the question's
 * subject terms (stemmed: ./tutor-terms.ts) and at least two of them (the one, for a one-term question).
 * One common word shared ("rows") is not an answer, while a passage rarely holds every word of the question
 * that it answers ("how does an index relate to a scan" is answered by one about indexes and scans).
 */
export function matchesWell(text: string, terms: readonly string[]): boolean {
  if (terms.length === 0) return false;
  const needed = Math.max(Math.min(2, terms.length), Math.ceil(terms.length / 2));
  return termsCovered(text, terms) >= needed;
}

/**
 * What of an excerpt counts towards its match: its text and the headings or title it sits under (a
 * Markdown section's subject is often only in its heading), not the words of the label's template.
 */
export const excerptMatchText = (e: Pick<ChatExcerpt, 'where' | 'text'>) =>
  `${e.where.replace(/, page \d+/, '').replace(/^your note /, '')} ${e.text}`;

const clip = (s: string, max: number) => {
  if (s.length <= max) return s;
  const cut = s.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
};

/**
 * The excerpt's sentences that hold the question's terms, the richest first as long as they fit in `max`
 * characters, in the excerpt's order ("…" between sentences not next to each other). An excerpt matched by
 * its heading only is quoted from its start.
 */
export function quotedPart(text: string, terms: readonly string[], max = QUOTE_CHARS): string {
  const sentences = text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const scored = sentences.map((s, i) => ({ s, i, score: termsCovered(s, terms) }));
  const holding = scored.filter((x) => x.score > 0).sort((a, b) => b.score - a.score || a.i - b.i);
  const chosen = holding.length > 0 ? holding : scored;
  const kept: typeof scored = [];
  let length = 0;
  for (const x of chosen) {
    if (kept.length === 0 && x.s.length > max) {
      kept.push({ ...x, s: clip(x.s, max) });
      break;
    }
    const added = x.s.length + (kept.length > 0 ? 3 : 0);
    if (length + added > max) continue;
    kept.push(x);
    length += added;
  }
  kept.sort((a, b) => a.i - b.i);
  return kept.map((x, k) => (k === 0 ? x.s : `${kept[k - 1]!.i + 1 === x.i ? ' ' : ' … '}${x.s}`)).join('');
}

/** The answer from the learner's material: the best excerpts quoted with their [n], or NOT_IN_MATERIAL. */
export function materialReply(question: string, excerpts: readonly ChatExcerpt[]): string {
  const terms = questionTerms(question);
  const matching = excerpts.filter((e) => matchesWell(excerptMatchText(e), terms)).slice(0, MAX_QUOTES);
  if (matching.length === 0) return NOT_IN_MATERIAL;
  const blocks = matching.map((e) => `> ${quotedPart(e.text, terms)} [${e.n}]\n\n— ${e.where}`);
  return `From your material:\n\n${blocks.join('\n\n')}`;
}

/** The excerpts a chat prompt gave in its system messages (prompts/chat.ts excerptsMessage); none: undefined. */
export function parseExcerpts(systemContents: readonly string[]): ChatExcerpt[] | undefined {
  const message = systemContents.find((c) => c.startsWith(EXCERPTS_HEADER));
  if (message === undefined) return undefined;
  return [...message.matchAll(/^\[(\d+)\] (.*)\n"""\n([\s\S]*?)\n"""$/gm)].map((m) => ({
    n: Number(m[1]),
    where: m[2]!,
    text: m[3]!,
  }));
}
