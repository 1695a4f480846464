// A web page read for its article: @mozilla/readability over linkedom's DOM picks the content, then only its
// text is kept (scripts, styles, forms and embedded things never reach it), with h1–h4 as the heading path.
// The page is parsed, never rendered or run.
import { Readability } from '@mozilla/readability';
import { DOMParser } from 'linkedom';
import { type ExtractedDocument, SourceRejected } from './document.ts';
import { checkLength, finishDocument, pickTitle } from './finish.ts';
import { type FoundHeading, sectionsUnderHeadings } from './sections.ts';
import { decodeText, normalizeText } from './text.ts';

/** Elements whose content is never text to learn from. */
const SKIPPED = new Set([
  'SCRIPT',
  'STYLE',
  'NOSCRIPT',
  'TEMPLATE',
  'FORM',
  'INPUT',
  'BUTTON',
  'SELECT',
  'TEXTAREA',
  'OPTION',
  'IFRAME',
  'FRAME',
  'OBJECT',
  'EMBED',
  'SVG',
  'MATH',
  'CANVAS',
  'AUDIO',
  'VIDEO',
  'HEAD',
  'LINK',
  'META',
]);
/** Page furniture, skipped when readability found no article and the whole body is read. */
const FURNITURE = new Set(['NAV', 'ASIDE', 'HEADER', 'FOOTER']);
const BLOCKS = new Set([
  'P',
  'DIV',
  'SECTION',
  'ARTICLE',
  'MAIN',
  'HEADER',
  'FOOTER',
  'ASIDE',
  'NAV',
  'LI',
  'UL',
  'OL',
  'DL',
  'DT',
  'DD',
  'BLOCKQUOTE',
  'PRE',
  'TABLE',
  'THEAD',
  'TBODY',
  'TFOOT',
  'TR',
  'CAPTION',
  'FIGURE',
  'FIGCAPTION',
  'HR',
  'ADDRESS',
  'DETAILS',
  'SUMMARY',
  'H5',
  'H6',
]);
const HEADINGS: Record<string, number> = { H1: 1, H2: 2, H3: 3, H4: 4 };

// readability's time grows steeply with nesting (seconds at a few hundred levels), the DOM parser's with
// thousands: deeper pages are read without readability, and markup nested deeper still is refused
const READABILITY_MAX_DEPTH = 120;
const READABILITY_MAX_ELEMENTS = 60_000;
const MARKUP_MAX_DEPTH = 3000;
/** elements that have no end tag, or whose end tag may be left out, do not nest what follows them */
const NOT_NESTING =
  /^(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr|p|li|dt|dd|tr|td|th|option|optgroup|thead|tbody|tfoot|colgroup|rt|rp)$/i;

/** How deep the markup's tags nest, counted from the tags alone (before any parsing). */
function markupDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g)) {
    if (NOT_NESTING.test(m[2] as string) || m[3]) continue;
    depth = m[1] ? Math.max(0, depth - 1) : depth + 1;
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

/** Whether the element tree under `root` nests deeper than `limit`. */
function deeperThan(root: Node, limit: number): boolean {
  const stack: [Node, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [Node, number];
    if (depth > limit) return true;
    for (const child of Array.from(node.childNodes)) if (child.nodeType === 1) stack.push([child, depth + 1]);
  }
  return false;
}

/** The page's text: declared charset (Content-Type, then <meta>), else UTF-8, else the web's default, windows-1252. */
export function decodeHtml(bytes: Uint8Array, contentType: string | null | undefined): string {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 4096));
  const declared =
    /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '')?.[1] ??
    /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    try {
      return normalizeText(new TextDecoder(declared).decode(bytes));
    } catch {
      // an encoding this runtime does not know: read it as UTF-8 below
    }
  }
  return normalizeText(decodeText(bytes) ?? new TextDecoder('windows-1252').decode(bytes));
}

interface Block {
  text: string;
  level: number | null;
}

/** The blocks of text under `root`, headings marked, whitespace collapsed (kept in <pre>). */
function blocksOf(root: Node, skipFurniture: boolean): Block[] {
  const blocks: Block[] = [];
  let buffer = '';
  const flush = (level: number | null = null) => {
    const text = buffer
      .split('\n')
      .map((line) => line.replace(/[ \t\u00A0]+/g, ' ').trim())
      .filter(Boolean)
      .join('\n');
    if (text) blocks.push({ text, level });
    buffer = '';
  };
  // iterative, so a page nested thousands deep cannot overflow the stack; an `end` entry closes an element
  const stack: { node: Node; pre: boolean; end?: number | null }[] = [{ node: root, pre: false }];
  while (stack.length > 0) {
    const { node, pre, end } = stack.pop() as (typeof stack)[number];
    if (end !== undefined) {
      flush(end);
      continue;
    }
    if (node.nodeType === 3) {
      const value = node.nodeValue ?? '';
      buffer += pre ? value : value.replace(/\s+/g, ' ');
      continue;
    }
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    const tag = element.tagName.toUpperCase();
    if (SKIPPED.has(tag) || (skipFurniture && FURNITURE.has(tag))) continue;
    if (element.getAttribute('hidden') !== null || element.getAttribute('aria-hidden') === 'true') continue;
    if (tag === 'BR') {
      buffer += '\n';
      continue;
    }
    const level = HEADINGS[tag];
    const block = level !== undefined || BLOCKS.has(tag);
    if (block) {
      flush();
      stack.push({ node, pre, end: level ?? null });
    }
    if (tag === 'TD' || tag === 'TH') buffer += ' ';
    const children = Array.from(node.childNodes);
    for (let c = children.length - 1; c >= 0; c--) {
      stack.push({ node: children[c] as Node, pre: pre || tag === 'PRE' });
    }
  }
  flush();
  return blocks;
}

/** An HTML page (decoded) as a document; its title from readability or <title>, else its first heading, else `fallbacks`. */
export function readHtml(
  html: string,
  titles: { fallbacks: (string | null | undefined)[] },
): ExtractedDocument {
  if (markupDepth(html) > MARKUP_MAX_DEPTH) throw new SourceRejected('corrupt');
  const parse = () => new DOMParser().parseFromString(html, 'text/html') as unknown as Document;
  const page = parse();
  const pageTitle = page.querySelector('title')?.textContent ?? null;
  const firstH1 = page.querySelector('h1')?.textContent ?? null;
  let article: ReturnType<Readability<Node>['parse']> = null;
  if (!deeperThan(page, READABILITY_MAX_DEPTH)) {
    try {
      article = new Readability<Node>(parse(), {
        serializer: (node) => node,
        maxElemsToParse: READABILITY_MAX_ELEMENTS,
      }).parse();
    } catch {
      // readability gives up on some pages (too many elements among them); the whole body is read instead
    }
  }
  const length = (list: Block[]) => list.reduce((n, b) => n + b.text.length, 0);
  let blocks = article?.content ? blocksOf(article.content, false) : [];
  // readability takes the page's h1 out as the article's title: it heads the article's passages again
  const top = (firstH1 ?? article?.title)?.replace(/\s+/g, ' ').trim();
  if (top && blocks.length > 0 && !blocks.some((b) => b.level !== null && b.text === top)) {
    blocks.unshift({ text: top, level: 1 });
  }
  if (length(blocks) < 200) {
    const body = page.body as Node | null;
    const whole = body ? blocksOf(body, true) : [];
    if (length(whole) > length(blocks)) blocks = whole;
  }
  let text = '';
  const headings: FoundHeading[] = [];
  for (const block of blocks) {
    if (text) text += '\n\n';
    const start = text.length;
    text += block.text;
    if (block.level !== null) {
      headings.push({ level: block.level, title: block.text.replace(/\s+/g, ' '), start, end: text.length });
    }
  }
  checkLength(text);
  return finishDocument(
    {
      title: pickTitle(article?.title, pageTitle, headings[0]?.title, ...titles.fallbacks),
      format: 'html',
      pages: null,
      sections: Math.max(1, headings.length),
      text,
    },
    sectionsUnderHeadings(headings, 0, text.length),
  );
}
