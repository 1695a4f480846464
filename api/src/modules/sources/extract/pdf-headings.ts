// A PDF's headings: from its outline (bookmarks) when the outline's entries are found on their pages, else
// guessed from lines set larger than the body text (the larger, the higher the level).
import type { PdfLine } from './pdf-lines.ts';

/** a line at least this much larger than the body text may be a heading */
const HEADING_SCALE = 1.15;
const HEADING_MAX_WORDS = 15;
/** the outline is trusted when at least this share of its entries are found on their pages */
const OUTLINE_FOUND = 0.5;

export interface OutlineEntry {
  title: string;
  /** 1 for top-level entries */
  level: number;
  /** 0-based page its destination is on */
  pageIndex: number;
}

const roundSize = (size: number) => Math.round(size * 2) / 2;

/** The body text's size: the size most characters are set in. */
function bodySize(pages: readonly PdfLine[][]): number {
  const chars = new Map<number, number>();
  for (const line of pages.flat()) {
    const size = roundSize(line.size);
    chars.set(size, (chars.get(size) ?? 0) + line.text.length);
  }
  let best = 0;
  let most = -1;
  for (const [size, count] of chars) {
    if (count > most) [best, most] = [size, count];
  }
  return best;
}

function mayBeHeading(line: PdfLine, body: number): boolean {
  return (
    line.size >= body * HEADING_SCALE &&
    line.text.split(' ').length <= HEADING_MAX_WORDS &&
    /\p{L}/u.test(line.text)
  );
}

/** Marks lines set larger than the body as headings; a heading wrapped over lines of one size stays one. */
export function markHeadingsBySize(pages: readonly PdfLine[][]): void {
  const body = bodySize(pages);
  const sizes = [
    ...new Set(
      pages
        .flat()
        .filter((l) => mayBeHeading(l, body))
        .map((l) => roundSize(l.size)),
    ),
  ].sort((a, b) => b - a);
  for (const lines of pages) {
    let open: PdfLine | null = null;
    for (const line of lines) {
      if (!mayBeHeading(line, body)) {
        open = null;
        continue;
      }
      const level = Math.min(6, sizes.indexOf(roundSize(line.size)) + 1);
      if (open?.heading && !line.breakBefore && open.heading.level === level) {
        line.continuesHeading = true;
        open.heading.title += ` ${line.text}`;
        continue;
      }
      line.heading = { level, title: line.text };
      open = line;
    }
  }
}

const comparable = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Marks the lines the outline's entries point at as headings (the entry's title and depth). Returns false,
 * marking nothing, when too few entries are found on their pages for the outline to be trusted.
 */
export function markHeadingsByOutline(
  pages: readonly PdfLine[][],
  entries: readonly OutlineEntry[],
): boolean {
  if (entries.length === 0) return false;
  const marks: { line: PdfLine; next: PdfLine | undefined; entry: OutlineEntry; wrapped: boolean }[] = [];
  const taken = new Set<PdfLine>();
  for (const entry of entries) {
    const lines = pages[entry.pageIndex] ?? [];
    const title = comparable(entry.title);
    if (!title) continue;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] as PdfLine;
      if (taken.has(line)) continue;
      const text = comparable(line.text);
      const next = lines[i + 1];
      // "2.1 Joins" for the entry "Joins"; or a title wrapped over two lines
      const whole = text === title || (text.endsWith(` ${title}`) && text.length - title.length <= 8);
      const wrapped =
        !whole && next !== undefined && text.length >= 4 && comparable(`${line.text} ${next.text}`) === title;
      if (whole || wrapped) {
        marks.push({ line, next, entry, wrapped });
        taken.add(line);
        break;
      }
    }
  }
  if (marks.length < entries.length * OUTLINE_FOUND) return false;
  for (const { line, next, entry, wrapped } of marks) {
    line.heading = { level: Math.min(6, entry.level), title: entry.title.replace(/\s+/g, ' ').trim() };
    if (wrapped && next) next.continuesHeading = true;
  }
  return true;
}

/** The cover's title: the largest type on the first page with text, when larger than the body (wrapped lines joined). */
export function coverTitle(pages: readonly PdfLine[][]): string | null {
  const first = pages.find((lines) => lines.length > 0);
  if (!first) return null;
  const body = bodySize(pages);
  const largest = Math.max(...first.map((l) => l.size));
  if (largest < body * HEADING_SCALE) return null;
  const start = first.findIndex((l) => l.size === largest);
  const parts: string[] = [];
  for (let i = start; i < first.length && parts.length < 3; i++) {
    const line = first[i] as PdfLine;
    if (Math.abs(line.size - largest) > 0.5 || (i > start && line.breakBefore)) break;
    parts.push(line.text);
  }
  const title = parts.join(' ');
  return title.split(' ').length <= 20 && /\p{L}/u.test(title) ? title : null;
}
