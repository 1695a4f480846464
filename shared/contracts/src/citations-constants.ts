// Citations: a grounded lesson's paragraphs and a tutor's answer say which passage of the learner's material
// they come from with markers written [1], [2] (or [1, 2]). The checks here are pure and zod-free: the API
// runs them on a model's lesson and the lesson page runs them on each paragraph it shows, so a paragraph
// that cites nothing, or a passage that does not exist, is flagged in the lesson rather than hidden.

/** What a flagged paragraph says, in the learner's words. */
export const CITATION_MESSAGES = {
  uncited: 'This paragraph does not say where in your material it comes from.',
  unknown: 'This paragraph cites a passage that is not in your material.',
} as const;
export type CitationIssueKind = keyof typeof CITATION_MESSAGES;

export interface CitationIssue {
  kind: CitationIssueKind;
  /** the cited numbers that name no passage (empty for `uncited`) */
  unknown: number[];
}

// [1], [12], [1, 2]; not a Markdown link's text ([1](…)) nor a reference definition ([1]: …)
const MARKER_RE = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?![(:[])/g;

/** The citation numbers a piece of text cites, in order of first appearance, each once. */
export function citedNumbers(text: string): number[] {
  const seen = new Set<number>();
  for (const m of text.matchAll(MARKER_RE)) {
    for (const part of (m[1] ?? '').split(',')) seen.add(Number(part.trim()));
  }
  return [...seen];
}

/** Where each marker sits in `text`, for rendering it as a control: [start, end) and its numbers. */
export function citationMarkers(text: string): Array<{ start: number; end: number; numbers: number[] }> {
  return [...text.matchAll(MARKER_RE)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    numbers: (m[1] ?? '').split(',').map((p) => Number(p.trim())),
  }));
}

/** One paragraph's problem, given how many passages the lesson has (numbered 1…count); null when it is fine. */
export function citationIssue(paragraph: string, count: number): CitationIssue | null {
  const numbers = citedNumbers(paragraph);
  if (numbers.length === 0) return { kind: 'uncited', unknown: [] };
  const unknown = numbers.filter((n) => n < 1 || n > count);
  return unknown.length > 0 ? { kind: 'unknown', unknown } : null;
}

/**
 * The prose paragraphs of a lesson's Markdown (list items and quotes count; headings, code, math, image
 * placeholders, tables and rules do not: they state nothing that needs a source).
 */
export function proseParagraphs(markdown: string): string[] {
  const out: string[] = [];
  let block: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    const text = block.join(' ').trim();
    block = [];
    if (!text) return;
    if (/^\$\$[\s\S]*\$\$$/.test(text) || /^\{\{image:[^}]*\}\}$/.test(text) || /^\|/.test(text)) return;
    out.push(text);
  };
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const fenceMark = /^(```|~~~)/.exec(line)?.[1];
    if (fence) {
      if (fenceMark === fence) fence = null;
      continue;
    }
    if (fenceMark) {
      flush();
      fence = fenceMark;
      continue;
    }
    if (!line || /^#{1,6}\s/.test(line) || /^([-*_])(\s*\1){2,}$/.test(line)) {
      flush();
      continue;
    }
    // each list item is its own paragraph
    if (/^([-*+]|\d+[.)])\s/.test(line)) flush();
    block.push(line);
  }
  flush();
  return out;
}

/** Every flagged paragraph of a lesson, in order. */
export function lessonCitationIssues(
  markdown: string,
  count: number,
): Array<{ paragraph: string } & CitationIssue> {
  return proseParagraphs(markdown).flatMap((paragraph) => {
    const issue = citationIssue(paragraph, count);
    return issue ? [{ paragraph, ...issue }] : [];
  });
}
