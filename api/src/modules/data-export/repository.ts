// data_exports: one learner's downloads of their data, the live one (queued or running) unique per learner.
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dataExports } from '../../db/schema.ts';

export type DataExportRow = typeof dataExports.$inferSelect;

const LIVE = ['queued', 'running'];

export async function findExport(db: Db | Tx, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

export async function findLatestExport(db: Db | Tx, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row;
}

async function findLiveExport(db: Db | Tx, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, LIVE)));
  return row;
}

/**
 * A new queued export, or the learner's live one (`created` false): the partial unique index settles two
 * requests at once, the loser reads the winner's row.
 */
export async function insertOrJoinExport(
  db: Db | Tx,
  userId: string,
  now: Date,
): Promise<{ row: DataExportRow; created: boolean }> {
  for (let i = 0; i < 3; i++) {
    const [inserted] = await db
      .insert(dataExports)
      .values({ userId, createdAt: now })
      .onConflictDoNothing({
        target: dataExports.userId,
        where: sql`${dataExports.status} in ('queued', 'running')`,
      })
      .returning();
    if (inserted) return { row: inserted, created: true };
    const live = await findLiveExport(db, userId);
    if (live) return { row: live, created: false };
  }
  throw new Error(`could not start a data export for ${userId}`);
}

/** Moves a live export along; a finished or removed one is left as it is (answers false). */
export async function setRunning(db: Db, id: string, progress: number): Promise<boolean> {
  const rows = await db
    .update(dataExports)
    .set({ status: 'running', progress })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, LIVE)))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

export async function markReady(
  db: Db | Tx,
  id: string,
  ready: { fileName: string; size: number; readyAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'ready', progress: 100, error: null, ...ready })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, LIVE)));
}

export async function markExportFailed(db: Db | Tx, id: string, error: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed', error })
    .where(and(eq(dataExports.id, id), inArray(dataExports.status, LIVE)));
}

/** Ready exports whose link has run out, oldest first. */
export async function expiredExports(db: Db, now: Date, limit: number): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)))
    .orderBy(dataExports.expiresAt)
    .limit(limit);
}

export async function markExpired(db: Db, id: string): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'expired', fileName: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'ready')));
}

/** Ended exports (expired, failed) older than `before`: nothing of them is left to show. */
export async function deleteEndedExports(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(dataExports)
    .where(and(inArray(dataExports.status, ['expired', 'failed']), lte(dataExports.createdAt, before)))
    .returning({ id: dataExports.id });
  return rows.length;
}
