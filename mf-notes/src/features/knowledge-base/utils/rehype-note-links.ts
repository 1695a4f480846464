// [[Title]] links and #tags inside rendered Markdown. Runs on the sanitized tree (so the markup it adds is the
// only non-Markdown markup there) and never inside code, math or an existing link, as in tokenizeContent.
import { tokenizeContent } from '@mindpath/contracts/notes-logic';

/** The few hast shapes this plugin reads and writes. */
interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: HastNode[];
}
interface HastParent {
  type: string;
  children: HastNode[];
}
type HastNode = HastText | HastElement | { type: 'comment' | 'doctype' | 'raw'; value?: string };

/** code and pre hold code and math (remark-math's `code.language-math`); a link's text stays its own */
const SKIP = new Set(['code', 'pre', 'a']);

/** Property names of the elements made here; NoteContent's components read them from the node. */
export const NOTE_TITLE_PROP = 'dataNoteTitle';
export const NOTE_TAG_PROP = 'dataNoteTag';

const text = (value: string): HastText => ({ type: 'text', value });

function split(value: string): HastNode[] | null {
  const segments = tokenizeContent(value);
  if (segments.every((s) => s.kind === 'text' || s.kind === 'code')) return null;
  return segments.map((s): HastNode => {
    if (s.kind === 'link')
      return {
        type: 'element',
        tagName: 'a',
        properties: { [NOTE_TITLE_PROP]: s.title },
        children: [text(s.label)],
      };
    if (s.kind === 'tag')
      return {
        type: 'element',
        tagName: 'button',
        properties: { [NOTE_TAG_PROP]: s.tag },
        children: [text(s.raw)],
      };
    return text(s.text);
  });
}

function walk(parent: HastParent): void {
  parent.children = parent.children.flatMap((child) => {
    if (child.type === 'text') return split((child as HastText).value) ?? [child];
    if (child.type === 'element' && !SKIP.has((child as HastElement).tagName)) walk(child as HastElement);
    return [child];
  });
}

/** rehype plugin: [[Title]] / [[Title|label]] become `a[dataNoteTitle]`, #tags `button[dataNoteTag]`. */
export function rehypeNoteLinks() {
  return (tree: HastParent) => walk(tree);
}
