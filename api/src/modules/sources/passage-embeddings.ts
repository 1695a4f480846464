// The passages' embeddings (AI_EMBEDDING_MODEL): asked of the provider while a source is read, stored with the
// passages, and the goal's passages nearest a question by cosine distance (pgvector's <=>). The table exists
// only where the `vector` extension does (migration 0026): PGlite always, PostgreSQL once pgvector is
// installed. It is declared here, not in schema.ts, so that drizzle-kit never makes it unconditionally.
import { and, asc, eq, sql } from 'drizzle-orm';
import { customType, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createEmbeddingsClient, type EmbeddingsClient } from '../../ai/embeddings.ts';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { sourcePassages, sources } from '../../db/schema.ts';
import type { ExtractedPassage } from './extract/document.ts';
import type { PassageHitRow } from './repository.ts';

/** pgvector's `vector` of any dimension, written in its text form: [0.1,0.2,…]. */
const vector = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'vector',
  toDriver: (v) => vectorText(v),
  fromDriver: (v) => JSON.parse(v) as number[],
});

export const passageEmbeddings = pgTable(
  'source_passage_embeddings',
  {
    passageId: uuid('passage_id')
      .primaryKey()
      .references(() => sourcePassages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    goalId: uuid('goal_id').notNull(),
    model: text('model').notNull(),
    embedding: vector('embedding').notNull(),
  },
  (t) => [index('source_passage_embeddings_goal_idx').on(t.goalId)],
);

/** pgvector stores at most this many dimensions. */
export const MAX_DIMENSIONS = 16_000;

const vectorText = (v: readonly number[]) => `[${v.join(',')}]`;

/** What a passage's embedding is made of: where it sits (its headings) and what it says. */
export const embeddingText = (p: Pick<ExtractedPassage, 'headingPath' | 'text'>) =>
  p.headingPath.length > 0 ? `${p.headingPath.join(' › ')}\n\n${p.text}` : p.text;

/** The embeddings server AI_EMBEDDING_MODEL names, with this budget per request; null when unset. */
export function embeddingsClientOf(
  config: Pick<Config, 'embeddings'>,
  timeoutMs?: number,
): EmbeddingsClient | null {
  return config.embeddings ? createEmbeddingsClient({ ...config.embeddings, timeoutMs }) : null;
}

const tableReady = new WeakMap<object, Promise<boolean>>();

/**
 * Whether the embeddings table is there, making it first when pgvector has become available since the
 * migration ran (migration 0026's function, idempotent). Asked once per database handle; a failure to ask is
 * not remembered.
 */
export function embeddingsTableReady(db: Db | Tx): Promise<boolean> {
  let ready = tableReady.get(db);
  if (!ready) {
    ready = db
      .select({ ready: sql<boolean>`ensure_source_passage_embeddings()` })
      .from(sql`(select 1) as once`)
      .then(([row]) => row?.ready === true);
    ready.catch(() => tableReady.delete(db));
    tableReady.set(db, ready);
  }
  return ready;
}

/** Rows per insert: a 1,536-dimension vector is ~30 kB of text. */
const EMBEDDINGS_PER_INSERT = 100;

/** The source's passages' embeddings (by ordinal), stored beside the passages just written. */
export async function writePassageEmbeddings(
  tx: Tx,
  source: { id: string; userId: string; goalId: string },
  model: string,
  byOrdinal: ReadonlyMap<number, readonly number[]>,
): Promise<number> {
  const written = await tx
    .select({ id: sourcePassages.id, ordinal: sourcePassages.ordinal })
    .from(sourcePassages)
    .where(eq(sourcePassages.sourceId, source.id));
  const rows = written.flatMap((p) => {
    const embedding = byOrdinal.get(p.ordinal);
    return embedding
      ? [{ passageId: p.id, userId: source.userId, goalId: source.goalId, model, embedding: [...embedding] }]
      : [];
  });
  for (let i = 0; i < rows.length; i += EMBEDDINGS_PER_INSERT) {
    await tx.insert(passageEmbeddings).values(rows.slice(i, i + EMBEDDINGS_PER_INSERT));
  }
  return rows.length;
}

/** Whether any of the goal's passages has an embedding of this model (else a search has nothing to ask). */
export async function goalHasEmbeddings(
  db: Db | Tx,
  input: { userId: string; goalId: string; model: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: passageEmbeddings.passageId })
    .from(passageEmbeddings)
    .where(
      and(
        eq(passageEmbeddings.goalId, input.goalId),
        eq(passageEmbeddings.userId, input.userId),
        eq(passageEmbeddings.model, input.model),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A passage's opening, as a hit found by meaning shows it (no words to mark): about 35 words. */
export function openingOf(text: string, words = 35): string {
  const all = text.trim().split(/\s+/);
  return all.length <= words ? all.join(' ') : `${all.slice(0, words).join(' ')} …`;
}

/**
 * The goal's passages nearest `vector` by cosine distance, nearest first, with `rank` their cosine
 * similarity. Only those of the same model and dimensions count, and only those pointing somewhat the same
 * way (similarity above 0): a question unrelated to all the material finds nothing here either.
 */
export async function nearestPassages(
  db: Db | Tx,
  input: { userId: string; goalId: string; model: string; vector: readonly number[]; limit: number },
): Promise<PassageHitRow[]> {
  const e = passageEmbeddings;
  const distance = sql<number>`${e.embedding} <=> ${vectorText(input.vector)}::vector`;
  const near = db
    .select({ passageId: e.passageId, distance: distance.as('distance') })
    .from(e)
    .where(
      and(
        eq(e.goalId, input.goalId),
        eq(e.userId, input.userId),
        eq(e.model, input.model),
        sql`vector_dims(${e.embedding}) = ${input.vector.length}`,
      ),
    )
    .orderBy(distance)
    .limit(input.limit)
    .as('near');
  const p = sourcePassages;
  const rows = await db
    .select({
      passageId: p.id,
      sourceId: p.sourceId,
      sourceTitle: sources.title,
      ordinal: p.ordinal,
      text: p.text,
      page: p.page,
      headingPath: p.headingPath,
      start: p.startOffset,
      end: p.endOffset,
      distance: near.distance,
    })
    .from(near)
    .innerJoin(p, eq(p.id, near.passageId))
    .innerJoin(sources, eq(sources.id, p.sourceId))
    .where(sql`${near.distance} < 1`)
    .orderBy(asc(near.distance), asc(p.sourceId), asc(p.ordinal));
  return rows.map(({ distance: d, ...r }) => ({ ...r, snippet: openingOf(r.text), rank: 1 - Number(d) }));
}
