import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { goals, reviewCards, reviewLogs, reviewSettings } from '../../db/schema.ts';
import type { Tx } from '../jobs/repository.ts';
import type { CardMemory, CardRow, LogMemory, LogRow } from './fsrs.ts';
import type { QueueCandidate, TodayGrade } from './queue.ts';

export type NewCard = Pick<
  typeof reviewCards.$inferInsert,
  | 'userId'
  | 'sourceKind'
  | 'sourceId'
  | 'siblingKey'
  | 'noteId'
  | 'lessonId'
  | 'goalId'
  | 'prompt'
  | 'answer'
  | 'options'
> &
  CardMemory & { createdAt: Date };

const live = (userId: string) => and(eq(reviewCards.userId, userId), eq(reviewCards.suspended, false));

export async function findOwnCard(db: Db | Tx, userId: string, id: string, lock = false) {
  const q = db
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.id, id), eq(reviewCards.userId, userId)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function cardsByIds(db: Db | Tx, ids: string[]): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(reviewCards).where(inArray(reviewCards.id, ids));
}

/** The cards of some sources, by source id. */
export async function cardsOfSources(db: Db | Tx, userId: string, kind: string, sourceIds: string[]) {
  if (sourceIds.length === 0) return [];
  return db
    .select()
    .from(reviewCards)
    .where(
      and(
        eq(reviewCards.userId, userId),
        eq(reviewCards.sourceKind, kind),
        inArray(reviewCards.sourceId, sourceIds),
      ),
    );
}

/** Inserts cards; a card whose source already has one is left as it is (its schedule kept). */
export async function insertCards(db: Db | Tx, values: NewCard[]): Promise<CardRow[]> {
  const out: CardRow[] = [];
  for (let i = 0; i < values.length; i += 500) {
    out.push(
      ...(await db
        .insert(reviewCards)
        .values(values.slice(i, i + 500))
        .onConflictDoNothing()
        .returning()),
    );
  }
  return out;
}

export async function updateCardText(
  db: Db | Tx,
  id: string,
  set: Pick<CardRow, 'prompt' | 'answer'>,
): Promise<void> {
  await db.update(reviewCards).set(set).where(eq(reviewCards.id, id));
}

export async function saveMemory(db: Db | Tx, id: string, memory: CardMemory): Promise<CardRow> {
  const [row] = await db.update(reviewCards).set(memory).where(eq(reviewCards.id, id)).returning();
  if (!row) throw new Error('review card vanished');
  return row;
}

export async function setSuspended(db: Db | Tx, userId: string, id: string, suspended: boolean) {
  const [row] = await db
    .update(reviewCards)
    .set({ suspended })
    .where(and(eq(reviewCards.id, id), eq(reviewCards.userId, userId)))
    .returning();
  return row;
}

export async function deleteCards(db: Db | Tx, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(reviewCards).where(inArray(reviewCards.id, ids));
}

export async function cardsOfNote(db: Db | Tx, userId: string, noteId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), eq(reviewCards.noteId, noteId)))
    .orderBy(asc(reviewCards.createdAt), asc(reviewCards.id));
}

/** The learner's note cards: which note, which kind. */
export async function cardsOfUserNotes(db: Db | Tx, userId: string) {
  const rows = await db
    .select({ noteId: reviewCards.noteId, sourceKind: reviewCards.sourceKind })
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), isNotNull(reviewCards.noteId)));
  return rows.flatMap((r) => (r.noteId ? [{ noteId: r.noteId, sourceKind: r.sourceKind }] : []));
}

/** Removes the whole-note card of a note (its line cards stay). */
export async function deleteWholeNoteCard(db: Db | Tx, userId: string, noteId: string): Promise<void> {
  await db
    .delete(reviewCards)
    .where(
      and(eq(reviewCards.userId, userId), eq(reviewCards.noteId, noteId), eq(reviewCards.sourceKind, 'note')),
    );
}

/** What the queue is built from: the scheduling columns of every live card due by `until`. */
export async function dueCandidates(
  db: Db | Tx,
  userId: string,
  until: Date,
): Promise<(QueueCandidate & { goalId: string | null })[]> {
  return db
    .select({
      id: reviewCards.id,
      goalId: reviewCards.goalId,
      state: reviewCards.state,
      due: reviewCards.due,
      siblingKey: reviewCards.siblingKey,
      createdAt: reviewCards.createdAt,
    })
    .from(reviewCards)
    .where(and(live(userId), lte(reviewCards.due, until)));
}

/** The first due time after `after` of a live card (not in the queue). */
export async function nextDueAfter(db: Db | Tx, userId: string, after: Date): Promise<Date | null> {
  const [row] = await db
    .select({ due: sql<Date | string>`min(${reviewCards.due})` })
    .from(reviewCards)
    .where(and(live(userId), gt(reviewCards.due, after)));
  return row?.due ? new Date(row.due) : null;
}

/** Grades since `since` (not undone), with their card's source. */
export async function gradesSince(db: Db | Tx, userId: string, since: Date): Promise<TodayGrade[]> {
  return db
    .select({ cardId: reviewLogs.cardId, siblingKey: reviewCards.siblingKey, state: reviewLogs.state })
    .from(reviewLogs)
    .innerJoin(reviewCards, eq(reviewCards.id, reviewLogs.cardId))
    .where(
      and(eq(reviewLogs.userId, userId), gte(reviewLogs.reviewedAt, since), isNull(reviewLogs.undoneAt)),
    );
}

export async function insertLog(
  db: Db | Tx,
  values: LogMemory & { userId: string; cardId: string; reviewKey: string | null },
): Promise<boolean> {
  const rows = await db
    .insert(reviewLogs)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: reviewLogs.id });
  return rows.length > 0;
}

export async function findLogByReviewKey(db: Db | Tx, userId: string, reviewKey: string) {
  const [row] = await db
    .select()
    .from(reviewLogs)
    .where(and(eq(reviewLogs.userId, userId), eq(reviewLogs.reviewKey, reviewKey)))
    .limit(1);
  return row;
}

/** The card's last grade that was not undone. */
export async function lastLiveLog(db: Db | Tx, cardId: string): Promise<LogRow | undefined> {
  const [row] = await db
    .select()
    .from(reviewLogs)
    .where(and(eq(reviewLogs.cardId, cardId), isNull(reviewLogs.undoneAt)))
    .orderBy(sql`${reviewLogs.reviewedAt} desc`, sql`${reviewLogs.id} desc`)
    .limit(1);
  return row;
}

export async function markUndone(db: Db | Tx, logId: string, at: Date): Promise<void> {
  await db.update(reviewLogs).set({ undoneAt: at }).where(eq(reviewLogs.id, logId));
}

export async function findSettings(db: Db | Tx, userId: string) {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.userId, userId)).limit(1);
  return row;
}

export async function saveSettings(db: Db | Tx, row: typeof reviewSettings.$inferInsert) {
  await db
    .insert(reviewSettings)
    .values(row)
    .onConflictDoUpdate({
      target: reviewSettings.userId,
      set: {
        requestRetention: row.requestRetention,
        newPerDay: row.newPerDay,
        reviewsPerDay: row.reviewsPerDay,
      },
    });
}

/** Cards due by each of the given day ends (live cards only). */
export async function dueCountsBy(db: Db | Tx, userId: string, ends: Date[]): Promise<number[]> {
  if (ends.length === 0) return [];
  // times as ISO text: postgres-js does not bind a Date inside raw sql
  const cols = ends.map(
    (end) => sql<number>`count(*) filter (where ${reviewCards.due} < ${end.toISOString()}::timestamptz)::int`,
  );
  const [row] = await db
    .select({ counts: sql<number[]>`array[${sql.join(cols, sql`, `)}]` })
    .from(reviewCards)
    .where(live(userId));
  return (row?.counts ?? []).map(Number);
}

/** Grades of cards that were in review, and how many of them were not Again, since `since`. */
export async function retentionSince(db: Db | Tx, userId: string, since: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      recalled: sql<number>`count(*) filter (where ${reviewLogs.rating} > 1)::int`,
    })
    .from(reviewLogs)
    .where(
      and(
        eq(reviewLogs.userId, userId),
        eq(reviewLogs.state, 2),
        gte(reviewLogs.reviewedAt, since),
        isNull(reviewLogs.undoneAt),
      ),
    );
  return { total: Number(row?.total ?? 0), recalled: Number(row?.recalled ?? 0) };
}

/** Live cards per goal, with the goal's description. */
export async function cardsPerGoal(db: Db | Tx, userId: string) {
  return db
    .select({
      goalId: reviewCards.goalId,
      goal: goals.description,
      cards: sql<number>`count(*)::int`,
    })
    .from(reviewCards)
    .leftJoin(goals, eq(goals.id, reviewCards.goalId))
    .where(live(userId))
    .groupBy(reviewCards.goalId, goals.description);
}

/** Live cards per lesson of a goal, with how many are due by `until`. */
export async function cardsPerLesson(db: Db | Tx, userId: string, goalId: string, until: Date) {
  return db
    .select({
      lessonId: reviewCards.lessonId,
      cards: sql<number>`count(*)::int`,
      due: sql<number>`count(*) filter (where ${reviewCards.due} <= ${until.toISOString()}::timestamptz)::int`,
    })
    .from(reviewCards)
    .where(and(live(userId), eq(reviewCards.goalId, goalId), isNotNull(reviewCards.lessonId)))
    .groupBy(reviewCards.lessonId);
}
