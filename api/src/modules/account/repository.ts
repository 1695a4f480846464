// The account's own reads and writes: the deletion request, last activity, the retention mark, and the rows
// a deletion gathers its media file names from.
import { and, eq, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { dataExports, goals, lessons, payments, sources, users } from '../../db/schema.ts';

export type AccountRow = Pick<
  typeof users.$inferSelect,
  'id' | 'passwordHash' | 'lastActiveAt' | 'retentionNoticeAt' | 'deletionRequestedAt'
>;

export async function findAccount(db: Db | Tx, id: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      lastActiveAt: users.lastActiveAt,
      retentionNoticeAt: users.retentionNoticeAt,
      deletionRequestedAt: users.deletionRequestedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** Marks the deletion asked for; answers false when it already was (a second request changes nothing). */
export async function markDeletionRequested(tx: Db | Tx, id: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ deletionRequestedAt: at })
    .where(and(eq(users.id, id), isNull(users.deletionRequestedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Today's activity, once: only a row last active before `dayStart` is written, so several instances (each
 * with its own memo) write one row at most once a day between them. Activity clears a retention mark.
 */
export async function touchLastActive(db: Db, id: string, at: Date, dayStart: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastActiveAt: at, retentionNoticeAt: null })
    .where(and(eq(users.id, id), lt(users.lastActiveAt, dayStart), isNull(users.deletionRequestedAt)));
}

/** Sets when the learner was last active and when retention marked the account (the e2e server's test route). */
export async function setRetentionState(db: Db, id: string, lastActiveAt: Date, noticeAt: Date | null) {
  await db.update(users).set({ lastActiveAt, retentionNoticeAt: noticeAt }).where(eq(users.id, id));
}

/** A login: the learner is active now, and a retention mark (if any) is cleared. */
export async function recordLogin(db: Db, id: string, at: Date): Promise<void> {
  await db.update(users).set({ lastActiveAt: at, retentionNoticeAt: null }).where(eq(users.id, id));
}

/** Marks the accounts last active before `activeBefore` that are not marked yet; answers how many. */
export async function markInactive(db: Db, activeBefore: Date, at: Date, limit: number): Promise<number> {
  const rows = await db
    .update(users)
    .set({ retentionNoticeAt: at })
    .where(
      sql`${users.id} in (select id from users where retention_notice_at is null and deletion_requested_at is null
        and last_active_at < ${activeBefore.toISOString()} limit ${limit})`,
    )
    .returning({ id: users.id });
  return rows.length;
}

/**
 * Accounts due to be deleted: last active before `activeBefore` (their deadline passed) and marked no later
 * than `markedBy` (the notice ran its days). They are marked as deletion requested and answered.
 */
export async function claimExpired(
  db: Db,
  activeBefore: Date,
  markedBy: Date,
  at: Date,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .update(users)
    .set({ deletionRequestedAt: at })
    .where(
      sql`${users.id} in (select id from users where deletion_requested_at is null
        and retention_notice_at <= ${markedBy.toISOString()} and last_active_at < ${activeBefore.toISOString()}
        limit ${limit})`,
    )
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** Accounts whose deletion was asked for and that still exist (a failed or interrupted deletion job). */
export async function pendingDeletions(db: Db, requestedBy: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.deletionRequestedAt), lte(users.deletionRequestedAt, requestedBy)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The stored names a learner's media files can have: their goals', lessons', sources' and downloads' rows. */
export async function mediaRowsOf(db: Db, userId: string) {
  const [goalRows, lessonRows, sourceRows, exportRows] = await Promise.all([
    db
      .select({ id: goals.id, mediaKey: goals.mediaKey, imageUrl: goals.imageUrl })
      .from(goals)
      .where(eq(goals.userId, userId)),
    db
      .select({
        id: lessons.id,
        mediaKey: lessons.mediaKey,
        imageUrl: lessons.imageUrl,
        audioUrl: lessons.audioUrl,
      })
      .from(lessons)
      .where(eq(lessons.userId, userId)),
    db.select({ mediaName: sources.mediaName }).from(sources).where(eq(sources.userId, userId)),
    db
      .select({ id: dataExports.id, fileName: dataExports.fileName })
      .from(dataExports)
      .where(eq(dataExports.userId, userId)),
  ]);
  return { goalRows, lessonRows, sourceRows, exportRows };
}

/**
 * The deletion itself, in the transaction that ends its job: the payments the law requires are kept without
 * the card (their user_id is set null by the foreign key), and the user row goes with everything that cascades.
 */
export async function deleteAccountRows(tx: Tx, userId: string): Promise<boolean> {
  await tx.update(payments).set({ cardBrand: null, cardLast4: null }).where(eq(payments.userId, userId));
  const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}
