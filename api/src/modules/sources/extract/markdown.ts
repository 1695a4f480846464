// Markdown read as it is: its text unchanged, its headings (ATX `#` and setext underlines, none inside
// fenced code or front matter) giving each passage its heading path.
import type { ExtractedDocument } from './document.ts';
import { checkLength, finishDocument, pickTitle } from './finish.ts';
import { type FoundHeading, plainHeading, sectionsUnderHeadings } from './sections.ts';

export interface MarkdownOutline {
  headings: FoundHeading[];
  /** the YAML front matter's `title:`, if it has one */
  frontMatterTitle: string | null;
  /** where the body starts (after any front matter) */
  bodyStart: number;
}

interface Line {
  text: string;
  start: number;
  /** after its line end */
  next: number;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    lines.push({ text: text.slice(start, end), start, next: nl < 0 ? text.length : nl + 1 });
    if (nl < 0) break;
    start = nl + 1;
  }
  return lines;
}

const ATX = /^ {0,3}(#{1,6})(?=[ \t]|$)(.*)$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** a line that cannot be a setext heading's text: list items, quotes, tables, HTML */
const NOT_SETEXT_TEXT = /^ {0,3}([-*+>|<]|\d+[.)]\s)/;

function frontMatter(lines: Line[]): { end: number; title: string | null } | null {
  if (lines[0]?.text.trimEnd() !== '---') return null;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i] as Line;
    if (/^(---|\.\.\.)\s*$/.test(line.text)) {
      const title = lines
        .slice(1, i)
        .map((l) => /^title:\s*(.+?)\s*$/.exec(l.text)?.[1])
        .find((t) => t !== undefined);
      return { end: i + 1, title: title ? title.replace(/^(['"])(.*)\1$/, '$2') : null };
    }
  }
  return null;
}

export function markdownOutline(text: string): MarkdownOutline {
  const lines = linesOf(text);
  const front = frontMatter(lines);
  const first = front?.end ?? 0;
  const headings: FoundHeading[] = [];
  let fence: string | null = null;
  for (let i = first; i < lines.length; i++) {
    const line = lines[i] as Line;
    const fenceMark = FENCE.exec(line.text)?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
      continue;
    }
    if (fenceMark) {
      fence = fenceMark;
      continue;
    }
    const atx = ATX.exec(line.text);
    if (atx) {
      const title = plainHeading((atx[2] ?? '').replace(/(^|[ \t]+)#+[ \t]*$/, ''));
      if (title)
        headings.push({ level: (atx[1] as string).length, title, start: line.start, end: line.next });
      continue;
    }
    const underline = SETEXT.exec(line.text);
    const previous = lines[i - 1];
    const beforePrevious = lines[i - 2];
    if (
      underline &&
      i - 1 >= first &&
      previous?.text.trim() &&
      !FENCE.test(previous.text) &&
      !NOT_SETEXT_TEXT.test(previous.text) &&
      !ATX.test(previous.text) &&
      (i - 2 < first || !beforePrevious?.text.trim()) &&
      headings.at(-1)?.start !== previous.start
    ) {
      const title = plainHeading(previous.text);
      if (title) {
        headings.push({
          level: underline[1]?.startsWith('=') ? 1 : 2,
          title,
          start: previous.start,
          end: line.next,
        });
      }
    }
  }
  return {
    headings,
    frontMatterTitle: front?.title ?? null,
    bodyStart: front ? (lines[front.end - 1] as Line).next : 0,
  };
}

/**
 * Markdown text (normalized) as a document. Its title: `given` (a pasted source's), else the front matter's,
 * else its first heading, else the `fallbacks` in order.
 */
export function readMarkdown(
  text: string,
  titles: { given?: string | null; fallbacks?: (string | null | undefined)[] },
): ExtractedDocument {
  checkLength(text);
  const outline = markdownOutline(text);
  return finishDocument(
    {
      title: pickTitle(
        titles.given,
        outline.frontMatterTitle,
        outline.headings[0]?.title,
        ...(titles.fallbacks ?? []),
      ),
      format: 'markdown',
      pages: null,
      sections: Math.max(1, outline.headings.length),
      text,
    },
    sectionsUnderHeadings(outline.headings, outline.bodyStart, text.length),
  );
}
