// A rehype plugin over the sanitized tree (so nothing it adds is filtered, and nothing a lesson writes can
// pose as what it adds): each [n] marker in the text becomes a `sup` carrying its numbers, which the
// citation components render as buttons; each prose paragraph and list item that cites nothing, or cites a
// passage that does not exist, carries the issue's kind so it is flagged where it is read. The checks are
// the contract's (citationMarkers, citationIssue), the same the API runs on a written lesson.
import { citationIssue, citationMarkers } from '@mindpath/contracts/citations-constants';

// A minimal view of hast (the tree react-markdown hands to rehype plugins): only what this walk touches.
interface Text {
  type: 'text';
  value: string;
}
interface Element {
  type: 'element';
  tagName: string;
  properties: Record<string, unknown>;
  children: Node[];
}
type Node = Text | Element | { type: 'root' | 'comment' | 'doctype' | 'raw'; children?: Node[] };

export interface CitationPluginOptions {
  /** how many citations the text has (numbered 1…count) */
  count: number;
  /** flag paragraphs that cite nothing or a passage that does not exist (a grounded lesson, not an answer) */
  flag: boolean;
}

/** The attribute a marker's `sup` carries: its numbers, "1,2". */
export const MARKER_ATTRIBUTE = 'data-citation';
/** The attribute a flagged paragraph or list item carries: the issue's kind. */
export const ISSUE_ATTRIBUTE = 'data-citation-issue';

/** Where a marker is not a citation: code, math, a link's text. */
const OPAQUE = new Set(['code', 'pre', 'kbd', 'samp', 'a', 'script', 'style']);
/** What a paragraph's check leaves out of its text: a nested list is its own items; math states no claim. */
const NOT_OWN_TEXT = new Set(['ul', 'ol']);

const isElement = (node: Node): node is Element => node.type === 'element';
const isMath = (node: Node) =>
  isElement(node) &&
  node.tagName === 'code' &&
  String(node.properties.className ?? '')
    .split(/[ ,]/)
    .some((c) => c === 'math-inline' || c === 'math-display');

function textOf(node: Node): string {
  if (node.type === 'text') return node.value;
  if (isElement(node) && (NOT_OWN_TEXT.has(node.tagName) || isMath(node))) return ' ';
  return 'children' in node && node.children ? node.children.map(textOf).join('') : '';
}

/** A paragraph of math or an image only: nothing the contract's prose check would read. */
function hasProse(node: Element): boolean {
  return textOf(node).trim() !== '';
}

function splitMarkers(text: Text): Node[] | null {
  const markers = citationMarkers(text.value);
  if (markers.length === 0) return null;
  const out: Node[] = [];
  let at = 0;
  for (const m of markers) {
    if (m.start > at) out.push({ type: 'text', value: text.value.slice(at, m.start) });
    out.push({
      type: 'element',
      tagName: 'sup',
      properties: { dataCitation: m.numbers.join(',') },
      children: [{ type: 'text', value: text.value.slice(m.start, m.end) }],
    });
    at = m.end;
  }
  if (at < text.value.length) out.push({ type: 'text', value: text.value.slice(at) });
  return out;
}

function walk(node: Node, options: CitationPluginOptions, inItem: boolean): void {
  if (!('children' in node) || !node.children) return;
  if (isElement(node)) {
    if (OPAQUE.has(node.tagName)) return;
    // a list item is one paragraph (the contract's proseParagraphs), its loose <p>s are not flagged apart
    const prose = node.tagName === 'li' || (node.tagName === 'p' && !inItem);
    if (options.flag && prose && hasProse(node)) {
      const issue = citationIssue(textOf(node), options.count);
      if (issue) node.properties.dataCitationIssue = issue.kind;
    }
    if (node.tagName === 'li') inItem = true;
    else if (NOT_OWN_TEXT.has(node.tagName)) inItem = false;
  }
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text') return splitMarkers(child) ?? [child];
    walk(child, options, inItem);
    return [child];
  });
}

/** The plugin: `rehypePlugins={[[rehypeCitations, { count, flag }]]}`. */
export function rehypeCitations(options: CitationPluginOptions) {
  return (tree: unknown): undefined => {
    walk(tree as Node, options, false);
    return undefined;
  };
}
