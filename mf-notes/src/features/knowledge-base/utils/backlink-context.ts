import { plainText, titleKey, tokenizeContent } from '@mindpath/contracts/notes-logic';

/** characters of plain text kept on each side of the link */
const SIDE = 45;

export interface BacklinkContext {
  before: string;
  label: string;
  after: string;
}

/**
 * Where a note links to a title, as a backlink shows it (as Obsidian's backlinks pane does): the link's label
 * with about 45 characters of the note's plain text either side, cut at word boundaries. Null when the
 * content has no [[link]] to that title.
 */
export function backlinkContext(content: string, title: string): BacklinkContext | null {
  const key = titleKey(title);
  const segments = tokenizeContent(content);
  const at = segments.findIndex((s) => s.kind === 'link' && titleKey(s.title) === key);
  const link = segments[at];
  if (link?.kind !== 'link') return null;
  const raw = (from: number, to: number) =>
    segments
      .slice(from, to)
      .map((s) => (s.kind === 'text' || s.kind === 'code' ? s.text : s.raw))
      .join('');
  const before = plainText(raw(0, at));
  const after = plainText(raw(at + 1, segments.length));
  const head = before.length > SIDE ? `…${before.slice(-SIDE).replace(/^\S*\s/, '')}` : before;
  const tail = after.length > SIDE ? `${after.slice(0, SIDE).replace(/\s\S*$/, '')}…` : after;
  // plainText trims: the spaces around the link come back where there was text
  return {
    before: head && !/^[\s([{"']$/.test(head.at(-1) ?? '') ? `${head} ` : head,
    label: link.label,
    after: tail && !/^[.,;:!?)\]}"']/.test(tail) ? ` ${tail}` : tail,
  };
}
