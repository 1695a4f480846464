// The sources tables: a goal's sources, their passages written all at once, full-text search over a goal's
// passages, and the text around one passage. The same SQL runs on PGlite and PostgreSQL.

import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sourcePassages, sources } from '../../db/schema.ts';
import type { ExtractedPassage } from './extract/document.ts';

export type SourceRow = typeof sources.$inferSelect;
export type NewSource = typeof sources.$inferInsert;
export type SourcePatch = Partial<Omit<NewSource, 'id' | 'userId' | 'goalId' | 'createdAt'>>;

/** A replacement's file while it is read: it becomes the source's own once its passages are written. */
export interface PendingFile {
  mediaName: string;
  fileName: string | null;
  contentType: string | null;
  bytes: number;
  sha256: string;
}

export const pendingOf = (row: Pick<SourceRow, 'pending'>) => (row.pending ?? null) as PendingFile | null;

/** Every column but the whole text, which only the job and the passage viewer read. */
const { text: _text, ...listed } = getTableColumns(sources);
export type ListedSource = Omit<SourceRow, 'text'>;

export async function insertSource(db: Db | Tx, values: NewSource): Promise<ListedSource> {
  const [row] = await db.insert(sources).values(values).returning(listed);
  return row!;
}

export async function findSource(db: Db | Tx, id: string): Promise<ListedSource | undefined> {
  const [row] = await db.select(listed).from(sources).where(eq(sources.id, id)).limit(1);
  return row;
}

/** The learner's source (another learner's: none). */
export async function findOwnSource(
  db: Db | Tx,
  userId: string,
  id: string,
): Promise<ListedSource | undefined> {
  const [row] = await db
    .select(listed)
    .from(sources)
    .where(and(eq(sources.id, id), eq(sources.userId, userId)))
    .limit(1);
  return row;
}

/** Locks the source's row for the writer that holds the transaction (a job's result, a replacement). */
export async function lockSource(tx: Tx, id: string): Promise<ListedSource | undefined> {
  const [row] = await tx.select(listed).from(sources).where(eq(sources.id, id)).for('update');
  return row;
}

export async function goalSources(db: Db | Tx, goalId: string): Promise<ListedSource[]> {
  return db.select(listed).from(sources).where(eq(sources.goalId, goalId)).orderBy(asc(sources.createdAt));
}

export async function countGoalSources(db: Db | Tx, goalId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sources).where(eq(sources.goalId, goalId));
  return Number(row?.n ?? 0);
}

/** Another source of the goal with these bytes (as its own, or as a replacement being read). */
export async function findSameBytes(
  db: Db | Tx,
  goalId: string,
  sha256: string,
  exceptId?: string,
): Promise<ListedSource | undefined> {
  const same = or(eq(sources.sha256, sha256), sql`${sources.pending}->>'sha256' = ${sha256}`);
  const [row] = await db
    .select(listed)
    .from(sources)
    .where(and(eq(sources.goalId, goalId), same, exceptId ? ne(sources.id, exceptId) : undefined))
    .limit(1);
  return row;
}

export async function updateSource(
  db: Db | Tx,
  id: string,
  patch: SourcePatch,
): Promise<ListedSource | undefined> {
  const [row] = await db
    .update(sources)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(sources.id, id))
    .returning(listed);
  return row;
}

/** Moves a processing source's progress (a job's, only while it is still processing). */
export async function setProgress(db: Db | Tx, id: string, progress: number): Promise<void> {
  await db
    .update(sources)
    .set({ progress, updatedAt: sql`now()` })
    .where(and(eq(sources.id, id), eq(sources.state, 'processing')));
}

export async function deleteSource(db: Db | Tx, id: string): Promise<ListedSource | undefined> {
  const [row] = await db.delete(sources).where(eq(sources.id, id)).returning(listed);
  return row;
}

/** The media names the sources hold now (their own bytes and replacements being read), of these names. */
export async function referencedMediaNames(db: Db | Tx, names: readonly string[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (let i = 0; i < names.length; i += 500) {
    const chunk = names.slice(i, i + 500);
    const rows = await db
      .select({ own: sources.mediaName, pending: sql<string | null>`${sources.pending}->>'mediaName'` })
      .from(sources)
      .where(or(inArray(sources.mediaName, chunk), inArray(sql`${sources.pending}->>'mediaName'`, chunk)));
    for (const r of rows) {
      if (r.own) held.add(r.own);
      if (r.pending) held.add(r.pending);
    }
  }
  return held;
}

/** A passage as the reading made it, stored as it is. */
export type NewPassage = ExtractedPassage;

/** Rows per insert: 11 parameters each stays far below PostgreSQL's 65,535. */
const PASSAGES_PER_INSERT = 1000;

/** The source's passages, all replaced at once (a reader sees the old set or the new, never half). */
export async function replacePassages(
  tx: Tx,
  source: Pick<SourceRow, 'id' | 'userId' | 'goalId'>,
  passages: readonly NewPassage[],
): Promise<void> {
  await tx.delete(sourcePassages).where(eq(sourcePassages.sourceId, source.id));
  for (let i = 0; i < passages.length; i += PASSAGES_PER_INSERT) {
    await tx.insert(sourcePassages).values(
      passages.slice(i, i + PASSAGES_PER_INSERT).map((p) => ({
        sourceId: source.id,
        userId: source.userId,
        goalId: source.goalId,
        ordinal: p.ordinal,
        text: p.text,
        page: p.page,
        headingPath: p.headingPath,
        headingText: p.headingPath.join(' '),
        startOffset: p.start,
        endOffset: p.end,
      })),
    );
  }
}

/** Passages written at once from which the table's statistics are refreshed in the same transaction. */
export const ANALYZE_FROM_PASSAGES = 100;

/**
 * Refreshes the passages' statistics (their words' frequencies), so the planner picks the GIN index for a
 * selective query right after a large source is read: PGlite has no autovacuum, and PostgreSQL's comes later.
 * Inside the writer's transaction it counts the rows that transaction wrote.
 */
export async function analyzePassages(tx: Tx): Promise<void> {
  await tx.execute(sql`analyze ${sourcePassages}`);
}

export interface PassageHitRow {
  passageId: string;
  sourceId: string;
  sourceTitle: string;
  ordinal: number;
  text: string;
  page: number | null;
  headingPath: string[];
  start: number;
  end: number;
  snippet: string;
  rank: number;
}

const ENGLISH = sql.raw(`'english'::regconfig`);
/** ts_headline's options: the matches between «…», up to two fragments of about 15–35 words. */
const HEADLINE =
  'StartSel=«, StopSel=», MaxWords=35, MinWords=15, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "';

/**
 * The query as the learner wrote it (websearch_to_tsquery: all the words, "a phrase", -excluded, or), and
 * any of its words: a question rarely has all its words in the passage that answers it. Lexemes come out of
 * to_tsvector stemmed already, so the cast to tsquery takes them as they are.
 */
const strictQuery = (query: string) => sql`websearch_to_tsquery(${ENGLISH}, ${query})`;
const anyWordQuery = (query: string) =>
  sql`(select coalesce(string_agg(quote_literal(lexeme), ' | '), '')::tsquery
    from unnest(to_tsvector(${ENGLISH}, ${query})) where strpos(lexeme, chr(92)) = 0)`;

/** Quotes or an excluded word: the learner's own operators, which any-word matching would drop. */
const usesOperators = (query: string) => /"|(^|\s)-\S/.test(query);

/** One level of the search: the goal's passages matching `match` (not `except`), best first by cover density. */
async function rankedLevel(
  db: Db | Tx,
  input: { userId: string; goalId: string; limit: number },
  match: SQL,
  except: readonly string[],
): Promise<PassageHitRow[]> {
  const p = sourcePassages;
  const ranked = db
    .select({
      id: p.id,
      sourceId: p.sourceId,
      ordinal: p.ordinal,
      text: p.text,
      page: p.page,
      headingPath: p.headingPath,
      start: p.startOffset,
      end: p.endOffset,
      rank: sql<number>`ts_rank_cd(${p.tsv}, ${match}, 1)`.as('rank'),
    })
    .from(p)
    // the query is a constant (an uncorrelated subquery is computed once), so the GIN index can serve @@
    .where(
      and(
        eq(p.goalId, input.goalId),
        eq(p.userId, input.userId),
        sql`${p.tsv} @@ ${match}`,
        except.length > 0 ? notInArray(p.id, [...except]) : undefined,
      ),
    )
    .orderBy(desc(sql`rank`), asc(p.sourceId), asc(p.ordinal))
    .limit(input.limit)
    .as('ranked');
  // the snippet is made for the passages kept only (ts_headline reads the whole text)
  const rows = await db
    .select({
      passageId: ranked.id,
      sourceId: ranked.sourceId,
      sourceTitle: sources.title,
      ordinal: ranked.ordinal,
      text: ranked.text,
      page: ranked.page,
      headingPath: ranked.headingPath,
      start: ranked.start,
      end: ranked.end,
      rank: ranked.rank,
      snippet: sql<string>`ts_headline(${ENGLISH}, ${ranked.text}, ${match}, ${HEADLINE})`,
    })
    .from(ranked)
    .innerJoin(sources, eq(sources.id, ranked.sourceId))
    .orderBy(desc(ranked.rank), asc(ranked.sourceId), asc(ranked.ordinal));
  return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}

/**
 * The goal's passages best matching `query`, best first: those with all its words (websearch_to_tsquery),
 * then, when they are fewer than `limit` and the query uses no quotes or -exclusions, those with some of
 * them; each level ranked by cover density (ts_rank_cd, normalized by the passage's length). The first level
 * is selective, so the common query (a few words that occur together) never ranks every passage holding
 * one common word. `snippet` is the passage with the matches between «…».
 */
export async function searchGoalPassages(
  db: Db | Tx,
  input: { userId: string; goalId: string; query: string; limit: number },
): Promise<PassageHitRow[]> {
  const levels = usesOperators(input.query)
    ? [strictQuery(input.query)]
    : [strictQuery(input.query), anyWordQuery(input.query)];
  const hits: PassageHitRow[] = [];
  for (const match of levels) {
    const more = await rankedLevel(
      db,
      { ...input, limit: input.limit - hits.length },
      match,
      hits.map((h) => h.passageId),
    );
    hits.push(...more);
    if (hits.length >= input.limit) break;
  }
  return hits;
}

/** How far around a passage its window is read: enough for the viewer's context, whatever the offsets' unit. */
const AROUND = 800;

export interface PassageWindow {
  passageId: string;
  sourceId: string;
  sourceTitle: string;
  format: string | null;
  ordinal: number;
  text: string;
  page: number | null;
  headingPath: string[];
  start: number;
  end: number;
  /** the source's text from `windowStart` (in characters) on, around the passage */
  window: string;
  windowStart: number;
}

/**
 * The learner's passage with its source's text around it. The passages' offsets count UTF-16 units and
 * PostgreSQL's substr counts characters: the window is wide enough for both, and the caller finds the
 * passage in it.
 */
export async function findOwnPassageWindow(
  db: Db | Tx,
  userId: string,
  id: string,
): Promise<PassageWindow | undefined> {
  const p = sourcePassages;
  const from: SQL<number> = sql`greatest(${p.startOffset} - ${AROUND}, 0)`;
  const [row] = await db
    .select({
      passageId: p.id,
      sourceId: p.sourceId,
      sourceTitle: sources.title,
      format: sources.format,
      ordinal: p.ordinal,
      text: p.text,
      page: p.page,
      headingPath: p.headingPath,
      start: p.startOffset,
      end: p.endOffset,
      window: sql<string>`substr(${sources.text}, ${from} + 1, ${p.endOffset} - ${from} + ${AROUND})`,
      windowStart: sql<number>`${from}`,
    })
    .from(p)
    .innerJoin(sources, eq(sources.id, p.sourceId))
    .where(and(eq(p.id, id), eq(p.userId, userId)))
    .limit(1);
  return row ? { ...row, windowStart: Number(row.windowStart) } : undefined;
}

/** The whole text of a source (the viewer's fallback when a window misses its passage). */
export async function sourceText(db: Db | Tx, id: string): Promise<string> {
  const [row] = await db.select({ text: sources.text }).from(sources).where(eq(sources.id, id)).limit(1);
  return row?.text ?? '';
}
