// A PDF's text layer read with pdfjs-dist (its Node build), page by page: lines rebuilt from the text items,
// paragraphs from the gaps between lines, headings guessed from lines set larger than the body text.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { SOURCE_LIMITS } from '@mindpath/contracts/sources-constants';
import { type ExtractedDocument, SourceRejected } from './document.ts';
import { finishDocument, pickTitle } from './finish.ts';
import { type FoundHeading, type PageSpan, sectionsUnderHeadings, splitAtPages } from './sections.ts';

// pdfjs reads its font, CMap and WASM files by path in Node (a folder path with its trailing slash)
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const assetDir = (name: string) => `${join(pdfjsRoot, name)}/`;

/** a line at least this much larger than the body text may be a heading */
const HEADING_SCALE = 1.15;
const HEADING_MAX_WORDS = 15;
/** a gap between lines wider than this many line heights starts a paragraph */
const PARAGRAPH_GAP = 1.5;
/** a page number or "Page 3 of 9" alone at the top or bottom of a page: not part of the text */
const PAGE_NUMBER = /^\s*(page\s+)?\d+(\s*(of|\/)\s*\d+)?\s*$/i;

interface PdfLine {
  text: string;
  /** font size of its largest text */
  size: number;
  /** baseline, from the page's bottom */
  y: number;
  /** a gap above it (or a change of size) starts a new paragraph */
  breakBefore: boolean;
}

/** The parts of a pdfjs text item this reader uses (TextMarkedContent items have no `str`). */
interface TextItemLike {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

function isTextItem(item: unknown): item is TextItemLike {
  return typeof (item as TextItemLike).str === 'string' && Array.isArray((item as TextItemLike).transform);
}

/** Lines of one page in content order, from its text items. */
function pageLines(items: readonly unknown[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let line: (PdfLine & { end: number }) | null = null;
  const close = () => {
    if (line?.text.trim()) {
      line.text = line.text.replace(/\s+/g, ' ').trim();
      lines.push({ text: line.text, size: line.size, y: line.y, breakBefore: false });
    }
    line = null;
  };
  for (const item of items) {
    if (!isTextItem(item)) continue;
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform;
    const size = Math.hypot(c, d) || item.height;
    if (item.str) {
      if (line && Math.abs(y - line.y) > Math.max(size, line.size) * 0.5) close();
      if (!line) line = { text: '', size: 0, y, breakBefore: false, end: x };
      else if (x - line.end > size * 0.15 && !/\s$/.test(line.text) && !/^\s/.test(item.str))
        line.text += ' ';
      line.text += item.str;
      if (item.str.trim()) line.size = Math.max(line.size, size);
      line.end = x + item.width;
    }
    if (item.hasEOL) close();
  }
  close();
  if (lines.length > 1 && PAGE_NUMBER.test(lines[0]?.text ?? '')) lines.shift();
  if (lines.length > 1 && PAGE_NUMBER.test(lines.at(-1)?.text ?? '')) lines.pop();
  lines.forEach((current, i) => {
    const previous = lines[i - 1];
    if (!previous) return;
    const gap = previous.y - current.y;
    const height = Math.max(previous.size, current.size);
    current.breakBefore =
      gap < 0 || gap > height * PARAGRAPH_GAP || Math.abs(previous.size - current.size) > 0.5;
  });
  return lines;
}

const roundSize = (size: number) => Math.round(size * 2) / 2;

/** The body text's size: the size most characters are set in. */
function bodySize(pages: readonly PdfLine[][]): number {
  const chars = new Map<number, number>();
  for (const line of pages.flat())
    chars.set(roundSize(line.size), (chars.get(roundSize(line.size)) ?? 0) + line.text.length);
  let best = 0;
  let most = -1;
  for (const [size, count] of chars) {
    if (count > most) [best, most] = [size, count];
  }
  return best;
}

function mayBeHeading(line: PdfLine, body: number): boolean {
  const words = line.text.split(' ').length;
  return line.size >= body * HEADING_SCALE && words <= HEADING_MAX_WORDS && /\p{L}/u.test(line.text);
}

/** The document's text with its page spans and guessed headings. */
function layOut(pages: readonly PdfLine[][]): {
  text: string;
  pageSpans: PageSpan[];
  headings: FoundHeading[];
} {
  const body = bodySize(pages);
  const headingSizes = [
    ...new Set(
      pages
        .flat()
        .filter((l) => mayBeHeading(l, body))
        .map((l) => roundSize(l.size)),
    ),
  ].sort((a, b) => b - a);
  const levelOf = (size: number) => Math.min(6, headingSizes.indexOf(roundSize(size)) + 1);

  let text = '';
  const pageSpans: PageSpan[] = [];
  const headings: FoundHeading[] = [];
  pages.forEach((lines, p) => {
    if (p > 0) text += '\n\n';
    const pageStart = text.length;
    let heading: FoundHeading | null = null;
    lines.forEach((line, i) => {
      const isHeading = mayBeHeading(line, body);
      // a heading wrapped over lines of one size stays one heading
      const continues = isHeading && heading && !line.breakBefore && heading.level === levelOf(line.size);
      if (i > 0) text += line.breakBefore || isHeading !== Boolean(heading) ? '\n\n' : '\n';
      if (continues && heading) {
        text += line.text;
        heading.title += ` ${line.text}`;
        heading.end = text.length;
        return;
      }
      const start = text.length;
      text += line.text;
      heading = isHeading ? { level: levelOf(line.size), title: line.text, start, end: text.length } : null;
      if (heading) headings.push(heading);
    });
    pageSpans.push({ page: p + 1, start: pageStart, end: text.length });
  });
  return { text, pageSpans, headings };
}

/** A metadata title worth showing: not empty, not "untitled", not a file name left by the program that wrote it. */
function metadataTitle(info: unknown): string | null {
  const title = (info as { Title?: unknown } | null)?.Title;
  if (typeof title !== 'string') return null;
  const cleaned = title.replace(/^Microsoft (Word|PowerPoint) - /, '').trim();
  if (!cleaned || /^untitled\b/i.test(cleaned) || /\.(docx?|pptx?|odt|tex|pdf|rtf|indd)$/i.test(cleaned))
    return null;
  return cleaned;
}

export async function readPdf(
  bytes: Uint8Array,
  titles: { fallbacks: (string | null | undefined)[] },
  opts: { signal?: AbortSignal; onProgress?: (percent: number) => void } = {},
): Promise<ExtractedDocument> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    // pdfjs takes the buffer over (detaches it); the caller keeps its bytes
    data: bytes.slice(),
    standardFontDataUrl: assetDir('standard_fonts'),
    cMapUrl: assetDir('cmaps'),
    cMapPacked: true,
    wasmUrl: assetDir('wasm'),
    disableFontFace: true,
    useSystemFonts: false,
    enableXfa: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    if (doc.numPages > SOURCE_LIMITS.maxPages) throw new SourceRejected('too_many_pages');
    const pages: PdfLine[][] = [];
    let chars = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      opts.signal?.throwIfAborted();
      const page = await doc.getPage(n);
      const lines = pageLines((await page.getTextContent()).items);
      page.cleanup();
      chars += lines.reduce((sum, l) => sum + l.text.length + 2, 0);
      if (chars > SOURCE_LIMITS.maxChars) throw new SourceRejected('too_much_text');
      pages.push(lines);
      opts.onProgress?.(Math.round((n / doc.numPages) * 100));
    }
    if (!pages.some((lines) => lines.some((l) => /[\p{L}\p{N}]/u.test(l.text)))) {
      throw new SourceRejected('no_text_layer');
    }
    const { text, pageSpans, headings } = layOut(pages);
    const { info } = await doc.getMetadata().catch(() => ({ info: null }));
    return finishDocument(
      {
        title: pickTitle(metadataTitle(info), headings[0]?.title, ...titles.fallbacks),
        format: 'pdf',
        pages: doc.numPages,
        sections: Math.max(1, headings.length),
        text,
      },
      splitAtPages(sectionsUnderHeadings(headings, 0, text.length), pageSpans),
    );
  } catch (error) {
    if (error instanceof SourceRejected) throw error;
    if (opts.signal?.aborted) throw opts.signal.reason;
    if ((error as Error | null)?.name === 'PasswordException')
      throw new SourceRejected('encrypted', { cause: error });
    throw new SourceRejected('corrupt', { cause: error });
  } finally {
    await task.destroy();
  }
}
