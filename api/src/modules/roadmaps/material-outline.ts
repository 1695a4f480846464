// A roadmap built from the goal's own material: its sections are the material's chapters and its lessons
// their sub-headings (a PDF without headings: its pages), each lesson naming the passages it covers.
//
// Decision: this outline is made without a model, with or without one configured. The material already has
// a structure its author chose; a model asked to plan it would rename, reorder and drop parts of it, and a
// lesson's span must point at exactly the passages its title names. The same passages give the same roadmap.
import type { SourceSpan } from '@mindpath/contracts/citations';
import { PLAN_TITLE_MAX } from '@mindpath/contracts/roadmaps-constants';
import type { OutlinePassageRow } from '../sources/index.ts';

/** What the outline reads of a passage: its place in its source and how long it is (the sources module reads it). */
export type OutlinePassage = OutlinePassageRow;

export interface OutlineLesson {
  title: string;
  summary: string;
  estimatedTimeInMinutes: number;
  span: SourceSpan;
}

export interface OutlineSection {
  name: string;
  description: string;
  lessons: OutlineLesson[];
}

export interface MaterialOutline {
  title: string;
  sections: OutlineSection[];
}

export const OUTLINE_LIMITS = {
  maxSections: 12,
  maxLessons: 8,
  /** a chapter without sub-headings is cut into lessons of about this many words */
  lessonWords: { min: 600, max: 1200 },
  /** a PDF without headings: a section of this many pages, a lesson of about this many */
  sectionPages: 10,
  lessonPages: 3,
  /** a chapter's words before its first sub-heading shorter than this open that sub-heading's lesson */
  shortIntroWords: 150,
  summaryChars: 160,
  /** reading speed, and the time a lesson takes over reading it once (notes, rereading, the quiz) */
  wordsPerMinute: 200,
  studyFactor: 1.5,
  minutes: { min: 10, max: 60 },
} as const;

/** A lesson before it is named: its passages (one source, consecutive) and how to name it. */
interface Draft {
  passages: OutlinePassage[];
  /** headings it covers, in order (merged lessons have several) */
  titles: string[];
  /** a part of a chapter cut by length: named "<chapter> (part n)" once the parts are counted */
  partOf?: string;
  /** pages it covers (a PDF read by pages) */
  pages?: [number, number];
}

interface DraftSection {
  names: string[];
  sourceId: string;
  sourceTitle: string;
  pages?: [number, number];
  lessons: Draft[];
}

const wordsOf = (lessons: Draft[]) =>
  lessons.reduce((n, l) => n + l.passages.reduce((m, p) => m + p.words, 0), 0);

/** A title cut to the plan's limit at a word, with an ellipsis. */
export function clampTitle(text: string, max: number = PLAN_TITLE_MAX): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The first sentence of a text (at most `max` characters). */
export function firstSentence(text: string, max: number = OUTLINE_LIMITS.summaryChars): string {
  const t = text.replace(/\s+/g, ' ').trim();
  const end = t.search(/[.!?](\s|$)/);
  return clampTitle(end === -1 ? t : t.slice(0, end + 1), max);
}

export function lessonMinutes(words: number): number {
  const { wordsPerMinute, studyFactor, minutes } = OUTLINE_LIMITS;
  return Math.min(minutes.max, Math.max(minutes.min, Math.round((words / wordsPerMinute) * studyFactor)));
}

/** Consecutive runs of items with the same key. */
function runs<T>(items: T[], key: (item: T) => string): { key: string; items: T[] }[] {
  const out: { key: string; items: T[] }[] = [];
  for (const item of items) {
    const k = key(item);
    const last = out.at(-1);
    if (last && last.key === k) last.items.push(item);
    else out.push({ key: k, items: [item] });
  }
  return out;
}

/** Passages cut into runs of about min..max words, never splitting a passage. */
function byLength(passages: OutlinePassage[]): OutlinePassage[][] {
  const { min, max } = OUTLINE_LIMITS.lessonWords;
  const out: OutlinePassage[][] = [];
  let current: OutlinePassage[] = [];
  let words = 0;
  for (const p of passages) {
    if (current.length > 0 && words >= min && words + p.words > max) {
      out.push(current);
      current = [];
      words = 0;
    }
    current.push(p);
    words += p.words;
  }
  if (current.length > 0) {
    // a short tail joins the part before it
    const last = out.at(-1);
    if (last && words < min / 2) last.push(...current);
    else out.push(current);
  }
  return out;
}

/**
 * The heading paths with a single top level that wraps everything (a document's title as its only H1)
 * taken off, so the chapters under it become the sections.
 */
function unwrapped(passages: OutlinePassage[]): { paths: string[][]; wrapper: string | null } {
  const headed = passages.filter((p) => p.headingPath.length > 0);
  const top = headed[0]?.headingPath[0];
  const wraps =
    top !== undefined &&
    headed.every((p) => p.headingPath[0] === top) &&
    headed.some((p) => p.headingPath.length > 1);
  if (!wraps) return { paths: passages.map((p) => p.headingPath), wrapper: null };
  return { paths: passages.map((p) => p.headingPath.slice(1)), wrapper: top };
}

/** A source with headings: a section per chapter, a lesson per sub-heading. */
function headedSections(passages: OutlinePassage[], sourceId: string, sourceTitle: string): DraftSection[] {
  const { paths, wrapper } = unwrapped(passages);
  const items = passages.map((p, i) => ({ p, path: paths[i]! }));
  const sections: DraftSection[] = [];
  // passages before the first chapter (a title page, a preface without a heading) are a chapter of their own
  // named after the document
  const chapters = runs(items, (x) => x.path[0] ?? '');
  for (const chapter of chapters) {
    const name = chapter.key || wrapper || sourceTitle;
    const lessons: Draft[] = [];
    const subs = runs(chapter.items, (x) => x.path[1] ?? '');
    if (subs.every((s) => s.key === '')) {
      const parts = byLength(chapter.items.map((x) => x.p));
      for (const part of parts) lessons.push({ passages: part, titles: [name], partOf: name });
    } else {
      // the chapter's opening words before its first sub-heading: a short opening starts that lesson
      let opening: OutlinePassage[] = [];
      for (const [i, sub] of subs.entries()) {
        const ps = sub.items.map((x) => x.p);
        if (sub.key === '') {
          const short = ps.reduce((n, p) => n + p.words, 0) < OUTLINE_LIMITS.shortIntroWords;
          if (i === 0 && short) opening = ps;
          else lessons.push({ passages: ps, titles: [name] });
        } else {
          lessons.push({ passages: [...opening, ...ps], titles: [sub.key] });
          opening = [];
        }
      }
    }
    sections.push({ names: [name], sourceId, sourceTitle, lessons });
  }
  // a short untitled opening (a title page, one paragraph under the document's title) opens the first chapter
  const first = sections[0];
  const second = sections[1];
  if (
    first &&
    second &&
    chapters[0]!.key === '' &&
    wordsOf(first.lessons) < OUTLINE_LIMITS.lessonWords.min &&
    second.lessons[0]
  ) {
    second.lessons[0].passages.unshift(...first.lessons.flatMap((l) => l.passages));
    sections.shift();
  }
  return sections;
}

/** A PDF without headings: sections of ten pages, lessons of about three. */
function pagedSections(passages: OutlinePassage[], sourceId: string, sourceTitle: string): DraftSection[] {
  const { sectionPages, lessonPages } = OUTLINE_LIMITS;
  let lastPage = 1;
  const paged = passages.map((p) => {
    lastPage = p.page ?? lastPage;
    return { p, page: lastPage };
  });
  const sections: DraftSection[] = [];
  for (const section of runs(paged, (x) => String(Math.floor((x.page - 1) / sectionPages)))) {
    const start = Math.floor((section.items[0]!.page - 1) / sectionPages) * sectionPages + 1;
    const count = Math.min(sectionPages, lastPage - start + 1);
    // the section's pages shared as evenly as can be among lessons of at most three (ten: 3, 2, 3, 2)
    const lessonCount = Math.ceil(count / lessonPages);
    const lessons: Draft[] = [];
    for (const lesson of runs(section.items, (x) =>
      String(Math.floor(((x.page - start) * lessonCount) / count)),
    )) {
      const pages: [number, number] = [lesson.items[0]!.page, lesson.items.at(-1)!.page];
      lessons.push({ passages: lesson.items.map((x) => x.p), titles: [], pages });
    }
    const pages: [number, number] = [lessons[0]!.pages![0], lessons.at(-1)!.pages![1]];
    sections.push({
      names: [`${sourceTitle}, pages ${range(pages)}`],
      sourceId,
      sourceTitle,
      pages,
      lessons,
    });
  }
  return sections;
}

/** A text without headings or pages (pasted prose): lessons cut by length, eight to a section. */
function plainSections(passages: OutlinePassage[], sourceId: string, sourceTitle: string): DraftSection[] {
  const lessons: Draft[] = byLength(passages).map((part) => ({
    passages: part,
    titles: [sourceTitle],
    partOf: sourceTitle,
  }));
  const sections: DraftSection[] = [];
  for (let i = 0; i < lessons.length; i += OUTLINE_LIMITS.maxLessons) {
    sections.push({
      names: [sourceTitle],
      sourceId,
      sourceTitle,
      lessons: lessons.slice(i, i + OUTLINE_LIMITS.maxLessons),
    });
  }
  return sections;
}

function sourceSections(passages: OutlinePassage[]): DraftSection[] {
  const { sourceId, sourceTitle } = passages[0]!;
  if (passages.some((p) => p.headingPath.length > 0)) return headedSections(passages, sourceId, sourceTitle);
  if (passages.some((p) => p.page !== null)) return pagedSections(passages, sourceId, sourceTitle);
  return plainSections(passages, sourceId, sourceTitle);
}

const sameSource = (a: Draft, b: Draft) => a.passages[0]!.sourceId === b.passages[0]!.sourceId;

function mergeDrafts(a: Draft, b: Draft): Draft {
  const merged: Draft = { passages: [...a.passages, ...b.passages], titles: [...a.titles] };
  for (const t of b.titles) if (merged.titles.at(-1) !== t) merged.titles.push(t);
  if (a.partOf !== undefined && a.partOf === b.partOf) merged.partOf = a.partOf;
  if (a.pages && b.pages) merged.pages = [a.pages[0], b.pages[1]];
  return merged;
}

/** Merges the neighbours with the fewest words together until at most `max` are left. */
function mergeSmallest<T>(
  items: T[],
  max: number,
  size: (item: T) => number,
  canMerge: (a: T, b: T) => boolean,
  merge: (a: T, b: T) => T,
): T[] {
  const out = [...items];
  while (out.length > max) {
    let best = -1;
    for (let i = 0; i + 1 < out.length; i++) {
      if (!canMerge(out[i]!, out[i + 1]!)) continue;
      if (best === -1 || size(out[i]!) + size(out[i + 1]!) < size(out[best]!) + size(out[best + 1]!))
        best = i;
    }
    // neighbours from different sources are never one lesson: a span names one source
    if (best === -1) break;
    out.splice(best, 2, merge(out[best]!, out[best + 1]!));
  }
  return out;
}

function mergeSections(a: DraftSection, b: DraftSection): DraftSection {
  const names = [...a.names];
  for (const n of b.names) if (names.at(-1) !== n) names.push(n);
  const one = a.sourceId === b.sourceId;
  return {
    names,
    sourceId: a.sourceId,
    sourceTitle: a.sourceTitle,
    pages: a.pages && b.pages && one ? [a.pages[0], b.pages[1]] : undefined,
    lessons: [...a.lessons, ...b.lessons],
  };
}

const range = ([from, to]: [number, number]) => (from === to ? `${from}` : `${from}–${to}`);

function joinTitles(titles: string[]): string {
  if (titles.length <= 1) return titles[0] ?? '';
  if (titles.length === 2) return `${titles[0]} and ${titles[1]}`;
  return `${titles[0]} to ${titles.at(-1)}`;
}

function sectionName(s: DraftSection, manySources: boolean): string {
  if (s.pages) return manySources ? `${s.sourceTitle}, pages ${range(s.pages)}` : `Pages ${range(s.pages)}`;
  return joinTitles(s.names);
}

/**
 * The roadmap of a goal's material: `passages` are its ready sources' passages, the sources in the order
 * they were added and each one's passages in reading order. No passages: no sections.
 */
export function materialOutline(passages: OutlinePassage[]): MaterialOutline {
  const bySource = runs(passages, (p) => p.sourceId).map((r) => r.items);
  const manySources = bySource.length > 1;
  const drafts = bySource.flatMap(sourceSections);
  const size = (s: DraftSection) => wordsOf(s.lessons);
  const { maxSections } = OUTLINE_LIMITS;
  // too many sections: the smallest neighbours of one source are merged first, then any neighbours
  const oneSource = mergeSmallest(
    drafts,
    maxSections,
    size,
    (a, b) => a.sourceId === b.sourceId,
    mergeSections,
  );
  const sections = mergeSmallest(oneSource, maxSections, size, () => true, mergeSections).map((s) => ({
    ...s,
    lessons: mergeSmallest(
      s.lessons,
      OUTLINE_LIMITS.maxLessons,
      (l) => wordsOf([l]),
      sameSource,
      mergeDrafts,
    ),
  }));

  // the parts of a chapter cut by length are numbered once merging has settled how many there are
  const partCounts = new Map<string, number>();
  for (const s of sections)
    for (const l of s.lessons)
      if (l.partOf !== undefined) partCounts.set(l.partOf, (partCounts.get(l.partOf) ?? 0) + 1);
  const partSeen = new Map<string, number>();

  const out: OutlineSection[] = sections.map((s) => {
    const name = clampTitle(sectionName(s, manySources));
    const lessons = s.lessons.map((l): OutlineLesson => {
      let title: string;
      if (l.pages) title = `Pages ${range(l.pages)}`;
      else if (l.partOf !== undefined && (partCounts.get(l.partOf) ?? 0) > 1) {
        const n = (partSeen.get(l.partOf) ?? 0) + 1;
        partSeen.set(l.partOf, n);
        title = `${l.partOf} (part ${n})`;
      } else title = joinTitles(l.titles);
      const first = l.passages[0]!;
      return {
        title: clampTitle(title),
        summary: firstSentence(first.firstSentence),
        estimatedTimeInMinutes: lessonMinutes(wordsOf([l])),
        span: { sourceId: first.sourceId, from: first.ordinal, to: l.passages.at(-1)!.ordinal },
      };
    });
    const covers = clampTitle(lessons.map((l) => l.title).join(', '), 400);
    return { name, description: `From “${clampTitle(s.sourceTitle, 120)}”: ${covers}.`, lessons };
  });

  const titles = bySource.map((ps) => ps[0]!.sourceTitle);
  const title = titles.length <= 1 ? (titles[0] ?? '') : `${titles[0]} and ${titles.length - 1} more`;
  return { title: clampTitle(title), sections: out };
}
