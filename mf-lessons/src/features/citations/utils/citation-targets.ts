// What a [n] marker opens, the same for a grounded lesson's citations and a tutor answer's: a passage (the
// viewer), one of the learner's notes (the knowledge base) or the lesson itself. Titles are the learner's
// material: they are only ever put into text and attributes, never parsed as HTML.
import type { ChatCitation, LessonCitation } from '@mindpath/contracts/citations';
import { ROUTES } from '@mindpath/contracts/routes-constants';

export interface CitationTarget {
  n: number;
  kind: ChatCitation['kind'];
  /** the passage's, note's or lesson's id */
  id: string;
  title: string;
  page: number | null;
  headingPath: string[];
}

export function lessonTargets(citations: readonly LessonCitation[]): CitationTarget[] {
  return citations.map((c) => ({
    n: c.n,
    kind: 'passage',
    id: c.passageId,
    title: c.sourceTitle,
    page: c.page,
    headingPath: c.headingPath,
  }));
}

export function chatTargets(citations: readonly ChatCitation[]): CitationTarget[] {
  return citations.map((c) => ({ ...c }));
}

export const THIS_LESSON = 'This lesson';

/** The accessible name of a marker: "Source 2: Linear algebra notes, page 4". */
export function markerName(target: CitationTarget): string {
  const what = target.kind === 'lesson' ? THIS_LESSON : target.title;
  return `Source ${target.n}: ${what}${target.page !== null ? `, page ${target.page}` : ''}`;
}

/** A Sources line under a tutor answer: "[1] Linear algebra notes · page 4" (or its heading path). */
export function sourceLine(target: CitationTarget): string {
  if (target.kind === 'lesson') return `[${target.n}] ${THIS_LESSON}`;
  const where =
    target.page !== null
      ? ` · page ${target.page}`
      : target.headingPath.length > 0
        ? ` · ${target.headingPath.join(' › ')}`
        : '';
  return `[${target.n}] ${target.title}${where}`;
}

const NOTES_PATH = ROUTES.find((r) => r.page === 'notes/KnowledgeGraphPage')?.path ?? '/knowledge-graph';

/** Where a cited note opens: the knowledge base with that note shown. */
export function noteHref(noteId: string): string {
  return `${NOTES_PATH}?note=${encodeURIComponent(noteId)}`;
}
