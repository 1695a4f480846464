// What the tutor reads on a goal with sources: excerpts of the learner's material for the question, from
// three places ranked apart and fused by reciprocal rank (sources/retrieval/fusion.ts): the goal's passages
// (full-text search), the learner's notes (full text on the fly) and the paragraphs of the lesson at hand
// (term overlap). Numbered 1…n, those that match the question well enough first: the numbers are the [n] an
// answer cites, and each names its citation.
import type { ChatCitation } from '@mindpath/contracts/citations';
import { citedNumbers } from '@mindpath/contracts/citations-constants';
import { excerptMatchText, matchesWell } from '../../ai/offline/tutor-material.ts';
import { contentWords, questionTerms, termsCovered } from '../../ai/offline/tutor-terms.ts';
import { CHAT_EXCERPT_CHARS, type ChatExcerpt } from '../../ai/prompts/chat.ts';
import { hasReadySource, type SearchDeps, searchPassages } from '../sources/index.ts';
import { fuseByReciprocalRank } from '../sources/retrieval/fusion.ts';
import { searchOwnNotes } from './repository.ts';

/** How many excerpts the tutor is given, and how many each place offers before they are fused. */
export const MAX_EXCERPTS = 5;
const PER_PLACE = 6;

/** An excerpt before it is numbered: what it cites, where it is (one line) and its text. */
export interface Candidate {
  key: string;
  citation: Omit<ChatCitation, 'n'>;
  where: string;
  text: string;
}

export interface Retrieval {
  /** what the prompt gives the tutor, numbered */
  excerpts: ChatExcerpt[];
  /** what each number names, the same numbers */
  citations: ChatCitation[];
}

/**
 * An excerpt's text as the tutor reads it: one line, without [n] markers of its own (a grounded lesson's,
 * a book's footnotes) that an answer's citations would be mistaken for, nor a fence's quotes, and capped.
 */
export function excerptText(text: string): string {
  return text
    .replace(/\s*\[\d{1,3}(?:\s*,\s*\d{1,3})*\](?![(:])/g, '')
    .replace(/"""/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, CHAT_EXCERPT_CHARS)
    .trim();
}

/**
 * Where a passage sits, as the answer names it: "Title, page 4 / Chapter › Section" (a Markdown file's
 * title is often its first heading: not said twice).
 */
export function passageWhere(title: string, page: number | null, headingPath: readonly string[]): string {
  const at = `${title}${page !== null ? `, page ${page}` : ''}`;
  const headings = headingPath[0] === title ? headingPath.slice(1) : headingPath;
  return headings.length > 0 ? `${at} / ${headings.join(' › ')}` : at;
}

export interface LessonParagraph {
  text: string;
  /** the heading it sits under (## and deeper; the lesson's # title is not one) */
  heading: string | null;
}

/**
 * The lesson's prose paragraphs (each list item one) with the heading each sits under, Markdown marks
 * removed; code, math, tables, image placeholders and the offline generator's notes left out.
 */
export function lessonParagraphs(markdown: string): LessonParagraph[] {
  const out: LessonParagraph[] = [];
  let heading: string | null = null;
  let block: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    const text = block
      .join(' ')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\{\{[^}]*\}\}/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*_`]/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    block = [];
    if (text && /[a-z]/i.test(text)) out.push({ text, heading });
  };
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const fenceMark = /^(```|~~~|\$\$)/.exec(line)?.[1];
    if (fence) {
      if (fenceMark === fence || (fence === '$$' && line.endsWith('$$'))) fence = null;
      continue;
    }
    if (fenceMark) {
      flush();
      if (!(fenceMark === '$$' && line.length > 2 && line.endsWith('$$'))) fence = fenceMark;
      continue;
    }
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      flush();
      heading = h[1]!.length === 1 ? null : h[2]!.replace(/[*_`]/g, '').trim();
      continue;
    }
    if (!line || /^\|/.test(line) || /^([-*_])(\s*\1){2,}$/.test(line)) {
      flush();
      continue;
    }
    if (/^> (?:Written as you asked: |The offline generator could not follow )/.test(line)) continue;
    if (/^([-*+]|\d+[.)])\s/.test(line)) flush();
    block.push(line.replace(/^(?:[-*+]|\d+[.)]|>)\s*/, ''));
  }
  flush();
  return out;
}

/** The paragraphs sharing the question's terms, most terms first (the lesson's order among equals). */
export function rankLessonParagraphs(
  paragraphs: readonly LessonParagraph[],
  terms: readonly string[],
  limit = PER_PLACE,
): Array<LessonParagraph & { index: number }> {
  return paragraphs
    .map((p, index) => ({ ...p, index, score: termsCovered(`${p.heading ?? ''} ${p.text}`, terms) }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map(({ score: _s, ...p }) => p);
}

/**
 * The fused candidates numbered: those matching the question well enough (tutor-material.ts matchesWell)
 * first, each group in fused order, `max` in all; one whose text another holds (or holds another's) is
 * left out, the first kept. The others still go to a model, which reads meaning the term count misses;
 * the offline tutor quotes only the first.
 */
export function numberExcerpts(
  fused: readonly Candidate[],
  terms: readonly string[],
  max = MAX_EXCERPTS,
): Retrieval {
  // a grounded lesson quotes its passages: the same words twice would be quoted twice
  const seen: string[] = [];
  const withText = fused.filter((c) => {
    const text = c.text.toLowerCase();
    if (!text || seen.some((s) => s.includes(text) || text.includes(s))) return false;
    seen.push(text);
    return true;
  });
  const good = withText.filter((c) => matchesWell(excerptMatchText(c), terms));
  const rest = withText.filter((c) => !good.includes(c));
  const chosen = [...good, ...rest].slice(0, max);
  return {
    excerpts: chosen.map((c, i) => ({ n: i + 1, where: c.where, text: c.text })),
    citations: chosen.map((c, i) => ({ n: i + 1, ...c.citation })),
  };
}

/**
 * The excerpts for the learner's question about a lesson, or null when the tutor answers as before: the
 * goal has no ready source, or the question names no subject ("explain it again").
 */
export async function retrieveForQuestion(
  from: SearchDeps,
  input: {
    userId: string;
    goalId: string;
    /** the lesson's text only when the learner may read it */
    lesson: { id: string; title: string; content: string | null };
    question: string;
  },
): Promise<Retrieval | null> {
  const { userId, goalId, lesson } = input;
  const db = from.db;
  const words = contentWords(input.question);
  const terms = questionTerms(input.question);
  if (terms.length === 0) return null;
  if (!(await hasReadySource(db, { userId, goalId }))) return null;
  // the content words, not the question: its asking words would be required by the search's first level
  const [passages, notes] = await Promise.all([
    searchPassages(from, { userId, goalId, query: words.join(' '), limit: PER_PLACE }),
    searchOwnNotes(db, userId, words, PER_PLACE),
  ]);
  const passageList: Candidate[] = passages.map((p) => ({
    key: `passage:${p.passageId}`,
    citation: {
      kind: 'passage',
      id: p.passageId,
      title: p.sourceTitle,
      page: p.page,
      headingPath: p.headingPath,
    },
    where: passageWhere(p.sourceTitle, p.page, p.headingPath),
    text: excerptText(p.text),
  }));
  const noteList: Candidate[] = notes.map((n) => ({
    key: `note:${n.id}`,
    citation: { kind: 'note', id: n.id, title: n.title, page: null, headingPath: [] },
    where: `your note “${n.title.replace(/\s+/g, ' ').trim()}”`,
    text: excerptText(n.content || n.title),
  }));
  const lessonList: Candidate[] = rankLessonParagraphs(lessonParagraphs(lesson.content ?? ''), terms).map(
    (p) => ({
      key: `lesson:${p.index}`,
      citation: {
        kind: 'lesson',
        id: lesson.id,
        title: lesson.title,
        page: null,
        headingPath: p.heading ? [p.heading] : [],
      },
      where: `the lesson “${lesson.title}”${p.heading ? ` / ${p.heading}` : ''}`,
      text: excerptText(p.text),
    }),
  );
  const fused = fuseByReciprocalRank([passageList, noteList, lessonList], (c) => c.key);
  return numberExcerpts(fused, terms);
}

/** The citations an answer's text cites, in order of first use; a number the tutor was not given is none. */
export function citationsOf(answer: string, given: readonly ChatCitation[]): ChatCitation[] {
  return citedNumbers(answer).flatMap((n) => given.filter((c) => c.n === n));
}
