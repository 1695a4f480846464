import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { namedStatement, tableRow } from '../../db/named-statements.ts';
import { goals, reviewCards, reviewLogs, reviewSettings } from '../../db/schema.ts';
import type { CardMemory, CardRow, LogMemory, LogRow } from './fsrs.ts';

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

export interface QueueCaps {
  newPerDay: number;
  reviewsPerDay: number;
}

/** The day's queue as the database builds it: its size by kind and by goal, and its first `limit` cards. */
export interface QueueInDb {
  /** ids of the queue's first cards, in order */
  ids: string[];
  learning: number;
  review: number;
  new: number;
  /** cards due now, the queue's and those its caps or siblings hold back */
  dueNow: number;
  /** grades given since the day began, not undone */
  gradedToday: number;
  byGoal: { goalId: string | null; due: number }[];
}

interface QueueRow extends Record<string, unknown> {
  ids: string[] | string;
  learning: number;
  review: number;
  new: number;
  due_now: number;
  graded_today: number;
  by_goal: QueueInDb['byGoal'] | string;
}

/**
 * The review queue, built where the cards are (a learner of 10,000 cards would otherwise send every due row
 * to the API to keep 50: parsing those rows was most of a queue read). Learning and relearning cards first
 * (by due), then due reviews (by due), then new cards (oldest first), the last two within the day's caps less
 * today's grades; never two cards of one source (a note's cards) on one day: a card waits when another card of
 * its source was graded today or comes earlier in the queue (Anki's burying of siblings); a card's own grades
 * never hold it back.
 */
export async function queueInDb(
  db: Db | Tx,
  userId: string,
  now: Date,
  dayStart: Date,
  caps: QueueCaps,
  limit: number,
): Promise<QueueInDb> {
  const result = await db.execute<QueueRow>(sql`
    with grades as (
      select l.card_id, l.state, c.sibling_key
      from review_logs l join review_cards c on c.id = l.card_id
      where l.user_id = ${userId} and l.reviewed_at >= ${dayStart.toISOString()}::timestamptz and l.undone_at is null
    ),
    due as (
      select id, goal_id, state, due, created_at, sibling_key
      from review_cards
      where user_id = ${userId} and not suspended and due <= ${now.toISOString()}::timestamptz
    ),
    eligible as (
      select * from due d
      where not exists (select 1 from grades g where g.sibling_key = d.sibling_key and g.card_id <> d.id)
    ),
    learning as (
      select distinct on (sibling_key) id, goal_id, sibling_key, due as at
      from eligible where state in (1, 3) order by sibling_key, due, id
    ),
    review as (
      select id, goal_id, sibling_key, at from (
        select distinct on (sibling_key) id, goal_id, sibling_key, due as at
        from eligible
        where state = 2 and sibling_key not in (select sibling_key from learning)
        order by sibling_key, due, id
      ) r
      order by at, id
      limit greatest(0, ${caps.reviewsPerDay} - (select count(*) from grades where state = 2))
    ),
    fresh as (
      select id, goal_id, sibling_key, at from (
        select distinct on (sibling_key) id, goal_id, sibling_key, created_at as at
        from eligible
        where state = 0
          and sibling_key not in (select sibling_key from learning)
          and sibling_key not in (select sibling_key from review)
        order by sibling_key, created_at, id
      ) n
      order by at, id
      limit greatest(0, ${caps.newPerDay} - (select count(*) from grades where state = 0))
    ),
    queue as (
      select id, goal_id, 0 as kind, at from learning
      union all select id, goal_id, 1, at from review
      union all select id, goal_id, 2, at from fresh
    )
    select
      (select coalesce(json_agg(id order by kind, at, id), '[]')
         from (select id, kind, at from queue order by kind, at, id limit ${limit}) first) as ids,
      (select count(*) from learning)::int as learning,
      (select count(*) from review)::int as review,
      (select count(*) from fresh)::int as new,
      (select count(*) from due)::int as due_now,
      (select count(*) from grades)::int as graded_today,
      (select coalesce(json_agg(json_build_object('goalId', goal_id, 'due', n)), '[]')
         from (select goal_id, count(*)::int as n from queue group by goal_id) g) as by_goal
  `);
  // PGlite answers { rows }, postgres-js the rows themselves
  const row = (Array.isArray(result) ? result[0] : (result as { rows: QueueRow[] }).rows[0]) as
    | QueueRow
    | undefined;
  if (!row) throw new Error('the queue query answered no row');
  // one driver parses json built in a query, the other may hand it back as text
  const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
  return {
    ids: json(row.ids),
    learning: row.learning,
    review: row.review,
    new: row.new,
    dueNow: row.due_now,
    gradedToday: row.graded_today,
    byGoal: json(row.by_goal),
  };
}

/** The first due time after `after` of a live card (not in the queue). */
export async function nextDueAfter(db: Db | Tx, userId: string, after: Date): Promise<Date | null> {
  const [row] = await db
    .select({ due: sql<Date | string>`min(${reviewCards.due})` })
    .from(reviewCards)
    .where(and(live(userId), gt(reviewCards.due, after)));
  return row?.due ? new Date(row.due) : null;
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

const gradeRead = namedStatement<{ request_retention: number | null; prior_card_id: string | null }>(
  'review_grade_inputs',
  `select c.*, s.request_retention,
     (select l.card_id from review_logs l where l.user_id = $1 and l.review_key = $3 limit 1) as prior_card_id
   from review_cards c left join review_settings s on s.user_id = c.user_id
   where c.id = $2 and c.user_id = $1`,
);

/**
 * What a grade reads, in one query: the learner's card, their requested retention (null: the default) and
 * the card an earlier grade under `reviewKey` went to (null: none).
 */
export async function gradeInputs(db: Db, userId: string, cardId: string, reviewKey: string) {
  const [row] = await gradeRead(db, [userId, cardId, reviewKey]);
  return row
    ? {
        card: tableRow(reviewCards, row),
        requestRetention: row.request_retention,
        priorCardId: row.prior_card_id,
      }
    : undefined;
}

const gradeWrite = namedStatement<{ n: number }>(
  'review_grade_write',
  `with card as (
     update review_cards set due = $1::timestamptz, stability = $2, difficulty = $3, elapsed_days = $4,
       scheduled_days = $5, learning_steps = $6, reps = $7, lapses = $8, state = $9,
       last_review = $10::timestamptz
     where id = $11 and user_id = $12 and reps = $13 and state = $14
     returning id
   ), logged as (
     insert into review_logs (user_id, card_id, review_key, rating, state, due, stability, difficulty,
       elapsed_days, last_elapsed_days, scheduled_days, learning_steps, reviewed_at)
     select $12, card.id, $15, $16, $17, $18::timestamptz, $19, $20, $21, $22, $23, $24, $25::timestamptz
     from card
     returning id
   )
   select count(*)::int as n from logged`,
);

/**
 * A grade written in one statement: the card's new memory, if the card is still as it was read (`before`:
 * every grade and undo moves reps, and an undo restores the memory it read),
 * and its log. False when the card changed meanwhile (nothing written); a reviewKey already used fails the
 * whole statement with a unique violation (nothing written either).
 */
export async function writeGrade(
  db: Db,
  g: {
    userId: string;
    cardId: string;
    reviewKey: string;
    before: Pick<CardMemory, 'reps' | 'state'>;
    memory: CardMemory;
    log: LogMemory;
  },
): Promise<boolean> {
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  const { memory: m, log: l } = g;
  const [row] = await gradeWrite(db, [
    iso(m.due),
    m.stability,
    m.difficulty,
    m.elapsedDays,
    m.scheduledDays,
    m.learningSteps,
    m.reps,
    m.lapses,
    m.state,
    iso(m.lastReview),
    g.cardId,
    g.userId,
    g.before.reps,
    g.before.state,
    g.reviewKey,
    l.rating,
    l.state,
    iso(l.due),
    l.stability,
    l.difficulty,
    l.elapsedDays,
    l.lastElapsedDays,
    l.scheduledDays,
    l.learningSteps,
    iso(l.reviewedAt),
  ]);
  return Number(row?.n ?? 0) === 1;
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
