// A PDF page's lines rebuilt from pdfjs text items: items on one baseline joined (a space where the gap between
// them is wide), paragraphs from the gaps between lines, page numbers alone at the top or bottom left out.

/** a gap between lines wider than this many line heights starts a paragraph */
const PARAGRAPH_GAP = 1.5;
/** a page number or "Page 3 of 9" alone at the top or bottom of a page: not part of the text */
const PAGE_NUMBER = /^\s*((page\s+)?\d+(\s*(of|\/)\s*\d+)?|[ivxlc]{1,6})\s*$/i;

export interface PdfLine {
  text: string;
  /** font size of its largest text */
  size: number;
  /** baseline, from the page's bottom */
  y: number;
  /** a gap above it (or a change of size) starts a new paragraph */
  breakBefore: boolean;
  /** set when the line starts a heading: its level and title */
  heading?: { level: number; title: string };
  /** the line goes on with the heading the line before started (a heading wrapped over lines) */
  continuesHeading?: boolean;
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
export function pageLines(items: readonly unknown[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let line: (PdfLine & { end: number }) | null = null;
  const close = () => {
    // a table of contents' dot leaders ". . . . ." carry no words
    const text = line?.text
      .replace(/(\s?\.){4,}\s?/g, ' … ')
      .replace(/\s+/g, ' ')
      .trim();
    if (line && text) lines.push({ text, size: line.size, y: line.y, breakBefore: false });
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

/** the same line at the top or bottom of this share of pages (numbers aside) is a running header or footer */
const RUNNING_SHARE = 0.4;
const RUNNING_MIN_PAGES = 3;

const withoutNumbers = (text: string) => text.replace(/\d+/g, '#').toLowerCase();

/** The number at either end of a line ("Chapter 2: Joins 31", "12 Indexes"), as a page number would be. */
function endNumber(text: string): number | null {
  const found = /(?:^|\s)(\d+)$/.exec(text) ?? /^(\d+)\s/.exec(text);
  return found ? Number(found[1]) : null;
}

/**
 * Removes running headers and footers: the same first or last line (numbers aside) on many pages, or on a
 * few pages when the number it ends with is the page's number (a chapter's header, over its pages only).
 */
export function dropRunningLines(pages: PdfLine[][]): void {
  for (const end of ['first', 'last'] as const) {
    const pick = (lines: PdfLine[]) => (end === 'first' ? lines[0] : lines.at(-1));
    const seen = new Map<string, { pages: number; offsets: Set<number> }>();
    let withText = 0;
    pages.forEach((lines, p) => {
      const line = lines.length > 1 ? pick(lines) : undefined;
      if (!line) return;
      withText++;
      const key = withoutNumbers(line.text);
      const entry = seen.get(key) ?? { pages: 0, offsets: new Set<number>() };
      entry.pages++;
      const number = endNumber(line.text);
      entry.offsets.add(number === null ? Number.NaN : number - p);
      seen.set(key, entry);
    });
    const running = new Set<string>();
    for (const [key, { pages: n, offsets }] of seen) {
      const numbered = offsets.size === 1 && !offsets.has(Number.NaN);
      if ((n >= RUNNING_MIN_PAGES && n >= withText * RUNNING_SHARE) || (n >= 2 && numbered)) running.add(key);
    }
    if (running.size === 0) continue;
    for (const lines of pages) {
      const line = pick(lines);
      if (lines.length > 1 && line && running.has(withoutNumbers(line.text))) {
        if (end === 'first') {
          lines.shift();
          if (lines[0]) lines[0].breakBefore = false;
        } else lines.pop();
      }
    }
  }
}
