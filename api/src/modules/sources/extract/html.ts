// A web page read for its article: @mozilla/readability over linkedom's DOM picks the content, then only its
// text is kept (scripts, styles, forms and embedded things never reach it), with h1–h4 as the heading path.
// The page is parsed, never rendered or run.
import { Readability } from '@mozilla/readability';
import { DOMParser } from 'linkedom';
import type { ExtractedDocument } from './document.ts';
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
  const walk = (node: Node, pre: boolean) => {
    if (node.nodeType === 3) {
      const value = node.nodeValue ?? '';
      buffer += pre ? value : value.replace(/\s+/g, ' ');
      return;
    }
    if (node.nodeType !== 1) return;
    const tag = (node as Element).tagName.toUpperCase();
    if (SKIPPED.has(tag) || (skipFurniture && FURNITURE.has(tag))) return;
    if (
      (node as Element).getAttribute('hidden') !== null ||
      (node as Element).getAttribute('aria-hidden') === 'true'
    )
      return;
    if (tag === 'BR') {
      buffer += '\n';
      return;
    }
    const level = HEADINGS[tag];
    const block = level !== undefined || BLOCKS.has(tag);
    if (block) flush();
    if (tag === 'TD' || tag === 'TH') buffer += ' ';
    for (const child of Array.from(node.childNodes)) walk(child, pre || tag === 'PRE');
    if (block) flush(level ?? null);
  };
  walk(root, false);
  flush();
  return blocks;
}

/** An HTML page (decoded) as a document; its title from readability or <title>, else its first heading, else `fallbacks`. */
export function readHtml(
  html: string,
  titles: { fallbacks: (string | null | undefined)[] },
): ExtractedDocument {
  const parse = () => new DOMParser().parseFromString(html, 'text/html') as unknown as Document;
  const page = parse();
  const pageTitle = page.querySelector('title')?.textContent ?? null;
  const firstH1 = page.querySelector('h1')?.textContent ?? null;
  let article: ReturnType<Readability<Node>['parse']> = null;
  try {
    article = new Readability<Node>(parse(), { serializer: (node) => node }).parse();
  } catch {
    // readability gives up on some pages; the whole body is read instead
  }
  const length = (list: Block[]) => list.reduce((n, b) => n + b.text.length, 0);
  let blocks = article?.content ? blocksOf(article.content, false) : [];
  // readability takes the page's h1 out as the article's title: it heads the article's passages again
  const top = (firstH1 ?? article?.title)?.replace(/\s+/g, ' ').trim();
  if (top && blocks.length > 0 && !blocks.some((b) => b.level !== null && b.text === top)) {
    blocks.unshift({ text: top, level: 1 });
  }
  if (length(blocks) < 200) {
    const body = parse().body as Node | null;
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
