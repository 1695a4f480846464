// The stretches of a document's text under each heading path, cut again at page ends for a PDF, so the
// chunker never puts text from two headings or two pages into one passage.
import type { DocumentSection } from './chunk.ts';

/** A heading found in the document's text: [start, end) is the heading itself, its body follows. */
export interface FoundHeading {
  level: number;
  title: string;
  start: number;
  end: number;
}

/** A page's stretch of the document's text (1-based page number). */
export interface PageSpan {
  page: number;
  start: number;
  end: number;
}

/** Sections of [from, to) of the text: what comes before the first heading, then each heading's body. */
export function sectionsUnderHeadings(
  headings: readonly FoundHeading[],
  from: number,
  to: number,
): DocumentSection[] {
  const sections: DocumentSection[] = [];
  const stack: FoundHeading[] = [];
  const first = headings[0];
  if (!first || first.start > from)
    sections.push({ start: from, end: first ? first.start : to, page: null, headingPath: [] });
  headings.forEach((heading, i) => {
    while ((stack.at(-1)?.level ?? 0) >= heading.level) stack.pop();
    stack.push(heading);
    const next = headings[i + 1];
    sections.push({
      start: heading.end,
      end: next ? next.start : to,
      page: null,
      headingPath: stack.map((h) => h.title),
    });
  });
  return sections.filter((s) => s.end > s.start);
}

/** The sections cut at each page's end, each part carrying its page. */
export function splitAtPages(
  sections: readonly DocumentSection[],
  pages: readonly PageSpan[],
): DocumentSection[] {
  const out: DocumentSection[] = [];
  let p = 0;
  for (const section of sections) {
    while (p < pages.length && (pages[p] as PageSpan).end <= section.start) p++;
    for (let q = p; q < pages.length; q++) {
      const page = pages[q] as PageSpan;
      if (page.start >= section.end) break;
      const start = Math.max(section.start, page.start);
      const end = Math.min(section.end, page.end);
      if (end > start) out.push({ start, end, page: page.page, headingPath: section.headingPath });
    }
  }
  return out;
}

/** A heading's words without Markdown or HTML marks: links and images by their text, no emphasis or code marks. */
export function plainHeading(raw: string): string {
  return raw
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\s*\{#[^}]*\}\s*$/, '')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|\W)[*_](\S(?:.*?\S)?)[*_](?=\W|$)/g, '$1$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
