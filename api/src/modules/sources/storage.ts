// What a learner's material takes, for Settings: the sources' extracted text (what lessons and the tutor
// read, and what counts) and the files as added, by goal. One grouped read over the learner's sources.
import type { SourceStorage } from '@mindpath/contracts/sources';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { goals, sources } from '../../db/schema.ts';

export async function sourceStorage(db: Db | Tx, userId: string): Promise<SourceStorage> {
  const rows = await db
    .select({
      goalId: goals.id,
      goal: goals.description,
      sources: count(),
      textBytes: sql<number>`coalesce(sum(octet_length(${sources.text})), 0)::bigint`.mapWith(Number),
      originalBytes: sql<number>`coalesce(sum(${sources.bytes}), 0)::bigint`.mapWith(Number),
    })
    .from(sources)
    .innerJoin(goals, eq(goals.id, sources.goalId))
    .where(eq(sources.userId, userId))
    .groupBy(goals.id, goals.description, goals.createdAt)
    .orderBy(asc(goals.createdAt));
  const total = (key: 'sources' | 'textBytes' | 'originalBytes') => rows.reduce((n, r) => n + r[key], 0);
  return {
    sources: total('sources'),
    textBytes: total('textBytes'),
    originalBytes: total('originalBytes'),
    goals: rows,
  };
}
