// The passages a grounded lesson is written from: the span of the material a material roadmap gave the
// lesson, else the goal's passages that best match the lesson's title and summary. A goal without a ready
// source has none, and its lessons are written as before.
import type { SourceSpan } from '@mindpath/contracts/citations';
import type { PassageHit } from '@mindpath/contracts/sources';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sourcePassages, sources } from '../../db/schema.ts';
import { hasReadySource } from './outline-passages.ts';
import { type SearchDeps, searchDb, searchPassages } from './service.ts';

/** At most this many passages of a span: enough to teach from, few enough for a prompt. */
export const SPAN_PASSAGES = 8;
/** The best matches a lesson without a span is written from. */
export const SEARCHED_PASSAGES = 6;

const passageColumns = {
  passageId: sourcePassages.id,
  sourceId: sourcePassages.sourceId,
  sourceTitle: sources.title,
  ordinal: sourcePassages.ordinal,
  text: sourcePassages.text,
  page: sourcePassages.page,
  headingPath: sourcePassages.headingPath,
  start: sourcePassages.startOffset,
  end: sourcePassages.endOffset,
};

type PassageRow = Omit<PassageHit, 'snippet' | 'rank'>;
const asHit = (row: PassageRow): PassageHit => ({ ...row, snippet: row.text, rank: 0 });

/** `count` items spread evenly over `items`, first and last included. */
export function spreadEvenly<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  if (count <= 1) return items.slice(0, Math.max(0, count));
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]!);
}

/** The span's passages in order, when its source is the goal's, ready, and has passages there. */
async function spanPassages(
  db: Db | Tx,
  input: { userId: string; goalId: string; span: SourceSpan },
): Promise<PassageHit[]> {
  const { span } = input;
  const from = Math.min(span.from, span.to);
  const to = Math.max(span.from, span.to);
  const rows = await db
    .select(passageColumns)
    .from(sourcePassages)
    .innerJoin(sources, eq(sources.id, sourcePassages.sourceId))
    .where(
      and(
        eq(sourcePassages.sourceId, span.sourceId),
        eq(sourcePassages.userId, input.userId),
        eq(sources.goalId, input.goalId),
        eq(sources.state, 'ready'),
        between(sourcePassages.ordinal, from, to),
      ),
    )
    .orderBy(asc(sourcePassages.ordinal));
  return spreadEvenly(rows, SPAN_PASSAGES).map(asHit);
}

/**
 * The passages a lesson of the goal is written from: the span's (in order, at most SPAN_PASSAGES, spread
 * evenly when it holds more), else the best matches for its title and summary (then for its title alone);
 * none when the goal has no ready source.
 */
export async function lessonPassages(
  from: Db | Tx | SearchDeps,
  input: {
    userId: string;
    goalId: string;
    title: string;
    summary?: string | null;
    span?: SourceSpan | null;
  },
): Promise<PassageHit[]> {
  const db = searchDb(from);
  if (!(await hasReadySource(db, input))) return [];
  if (input.span) {
    const spanned = await spanPassages(db, { userId: input.userId, goalId: input.goalId, span: input.span });
    if (spanned.length > 0) return spanned;
  }
  const search = (query: string) =>
    searchPassages(from, { userId: input.userId, goalId: input.goalId, query, limit: SEARCHED_PASSAGES });
  const summary = input.summary?.trim();
  const hits = summary ? await search(`${input.title} ${summary}`) : [];
  return hits.length > 0 ? hits : search(input.title);
}

/** The learner's passages of these ids that still exist, in the order of `ids`. */
export async function passagesById(
  db: Db | Tx,
  userId: string,
  ids: readonly string[],
): Promise<PassageHit[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(passageColumns)
    .from(sourcePassages)
    .innerJoin(sources, eq(sources.id, sourcePassages.sourceId))
    .where(and(inArray(sourcePassages.id, [...ids]), eq(sourcePassages.userId, userId)));
  const byId = new Map(rows.map((r) => [r.passageId, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [asHit(row)] : [];
  });
}
