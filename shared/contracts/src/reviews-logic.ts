// `Question :: Answer` lines of a note (the Obsidian spaced-repetition plugin's single-line convention): each
// becomes a review card. Shared by the API (which keeps the cards in step with the note) and the UI.

export interface NoteLineCard {
  /** what identifies the line's card across edits: its question, normalised (case, spaces) */
  key: string;
  question: string;
  answer: string;
}

const FENCE = /^\s*(```|~~~)/;
/** a list or quote marker before the question ("- ", "* ", "1. ", "> ") is not part of it */
const MARKER = /^\s*(?:[-*+]\s+|\d+[.)]\s+|>\s*)*/;

export const noteLineKey = (question: string) => question.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The note's `Question :: Answer` lines, in order, one per distinct question (the first wins). Lines inside
 * fenced code are code, not cards; `:::` (the plugin's reversed cards) and a side left empty make no card.
 */
export function parseNoteLines(content: string): NoteLineCard[] {
  const out: NoteLineCard[] = [];
  const seen = new Set<string>();
  let inFence = false;
  for (const line of content.split(/\r?\n/)) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence || line.includes(':::')) continue;
    const at = line.indexOf('::');
    if (at < 0) continue;
    const question = line.slice(0, at).replace(MARKER, '').trim();
    const answer = line.slice(at + 2).trim();
    if (!question || !answer) continue;
    const key = noteLineKey(question);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ key, question, answer });
  }
  return out;
}
