// Spaced review: the queue, grading (idempotent by the client's reviewId), undo, suspend, a note's
// cards, settings and stats. Every due date comes from ts-fsrs (./fsrs.ts); the queue's rules are ./queue.ts.
import { createHash } from 'node:crypto';
import {
  DEFAULT_REVIEW_SETTINGS,
  type GradeReview,
  type LessonDue,
  type NoteReview,
  type ReviewCard,
  type ReviewQueue,
  type ReviewSettings,
  type ReviewSourceKind,
  type ReviewStats,
} from '@mindpath/contracts/reviews';
import type { FSRS } from 'ts-fsrs';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { dayIn } from '../../lib/calendar-days.ts';
import { type CardRow, grade, intervals, rollback, scheduler, stateName } from './fsrs.ts';
import { dayStart, nextDayStart } from './queue.ts';
import {
  cardsByIds,
  cardsOfNote,
  cardsPerGoal,
  cardsPerLesson,
  dueCountsBy,
  findOwnCard,
  findSettings,
  gradeInputs,
  lastLiveLog,
  markUndone,
  nextDueAfter,
  queueInDb,
  retentionSince,
  saveMemory,
  saveSettings,
  setSuspended,
  writeGrade,
} from './repository.ts';

export const CARD_NOT_FOUND = 'Review card not found';
const DAY = 86_400_000;

export async function getSettings(db: Db | Tx, userId: string): Promise<ReviewSettings> {
  const row = await findSettings(db, userId);
  return row
    ? { requestRetention: row.requestRetention, newPerDay: row.newPerDay, reviewsPerDay: row.reviewsPerDay }
    : DEFAULT_REVIEW_SETTINGS;
}

export async function putSettings(db: Db, userId: string, body: ReviewSettings): Promise<ReviewSettings> {
  await saveSettings(db, { userId, ...body });
  return body;
}

/** The learner's FSRS scheduler (their requested retention). */
export async function schedulerOf(db: Db | Tx, userId: string): Promise<FSRS> {
  return scheduler((await getSettings(db, userId)).requestRetention);
}

export function toCardView(f: FSRS, row: CardRow, now: Date): ReviewCard {
  return {
    id: row.id,
    sourceKind: row.sourceKind as ReviewSourceKind,
    noteId: row.noteId,
    lessonId: row.lessonId,
    goalId: row.goalId,
    exerciseId: row.sourceKind === 'exercise' ? row.sourceId : null,
    prompt: row.prompt,
    answer: row.answer,
    options: row.options,
    state: stateName(row.state),
    due: row.due.toISOString(),
    suspended: row.suspended,
    reps: row.reps,
    lapses: row.lapses,
    lastReview: row.lastReview?.toISOString() ?? null,
    next: intervals(f, row, now),
  };
}

/** The queue's first `limit` cards (in order), its size, and when the next card comes due. */
async function queueOf(db: Db, userId: string, now: Date, timeZone: string, limit: number) {
  const settings = await getSettings(db, userId);
  const today = dayStart(now, timeZone);
  const [q, later] = await Promise.all([
    queueInDb(db, userId, now, today, settings, limit),
    nextDueAfter(db, userId, now),
  ]);
  const total = q.learning + q.review + q.new;
  // cards due now but held back (caps, a sibling today) come back at the start of the learner's next day
  const heldBack = total < q.dueNow ? nextDayStart(today, timeZone) : null;
  const next = [heldBack, later]
    .filter((d): d is Date => d !== null)
    .sort((a, b) => a.getTime() - b.getTime());
  return { settings, q, total, today, nextDueAt: next[0] ?? null };
}

export async function getQueue(
  db: Db,
  userId: string,
  query: { timeZone: string; limit: number },
  now: Date,
): Promise<ReviewQueue> {
  const { settings, q, total, nextDueAt } = await queueOf(db, userId, now, query.timeZone, query.limit);
  const rows = new Map((await cardsByIds(db, q.ids)).map((r) => [r.id, r]));
  const f = scheduler(settings.requestRetention);
  return {
    cards: q.ids.flatMap((id) => {
      const row = rows.get(id);
      return row ? [toCardView(f, row, now)] : [];
    }),
    counts: { learning: q.learning, review: q.review, new: q.new },
    total,
    nextDueAt: nextDueAt?.toISOString() ?? null,
    now: now.toISOString(),
  };
}

/**
 * How often a grade reads the card again when another grade of it came first: each round one of the grades
 * racing for a card is written, so k at once need at most k rounds (a learner grades from one screen).
 */
const GRADE_TRIES = 16;

/**
 * Grades a card at `now`: one query reads, one statement writes (no transaction held open across them), and
 * a card changed in between is read again. The reviewId makes it idempotent: a grade already given under it
 * changes nothing and answers the card as it is (`replayed`); the same reviewId on another card is a conflict.
 */
export async function gradeCard(
  db: Db,
  userId: string,
  cardId: string,
  body: GradeReview,
  now: Date,
): Promise<{ card: ReviewCard; replayed: boolean }> {
  const reviewKey = createHash('sha256').update(body.reviewId).digest('hex');
  const reused = () => new AppError(409, 'REVIEW_ID_USED', 'This reviewId already graded another card');
  for (let attempt = 1; ; attempt++) {
    const inputs = await gradeInputs(db, userId, cardId, reviewKey);
    if (!inputs) throw notFound(CARD_NOT_FOUND);
    const { card, priorCardId } = inputs;
    const f = scheduler(inputs.requestRetention ?? DEFAULT_REVIEW_SETTINGS.requestRetention);
    if (priorCardId) {
      if (priorCardId !== card.id) throw reused();
      return { card: toCardView(f, card, now), replayed: true };
    }
    const { memory, log } = grade(f, card, body.rating, now);
    try {
      if (await writeGrade(db, { userId, cardId, reviewKey, before: card, memory, log }))
        return { card: toCardView(f, { ...card, ...memory }, now), replayed: false };
    } catch (err) {
      // the same reviewId came in concurrently: the next read finds its grade
      if (!isUniqueViolation(err)) throw err;
    }
    if (attempt === GRADE_TRIES) throw new Error(`card ${cardId} kept changing under its grade`);
  }
}

/** Takes back the card's last grade: the card as ts-fsrs rolls it back, the log kept and marked undone. */
export async function undoGrade(db: Db, userId: string, cardId: string, now: Date): Promise<ReviewCard> {
  const f = await schedulerOf(db, userId);
  return db.transaction(async (tx) => {
    const card = await findOwnCard(tx, userId, cardId, true);
    if (!card) throw notFound(CARD_NOT_FOUND);
    const log = await lastLiveLog(tx, card.id);
    if (!log) throw new AppError(409, 'NOTHING_TO_UNDO', 'This card has no grade to undo');
    await markUndone(tx, log.id, now);
    return toCardView(f, await saveMemory(tx, card.id, rollback(f, card, log)), now);
  });
}

export async function suspendCard(
  db: Db,
  userId: string,
  cardId: string,
  suspended: boolean,
  now: Date,
): Promise<ReviewCard> {
  const row = await setSuspended(db, userId, cardId, suspended);
  if (!row) throw notFound(CARD_NOT_FOUND);
  return toCardView(await schedulerOf(db, userId), row, now);
}

/** A note's review state: in review as a whole, and how many cards it has (with its `::` lines). */
export async function noteReview(db: Db | Tx, userId: string, noteId: string): Promise<NoteReview> {
  const cards = await cardsOfNote(db, userId, noteId);
  return { noteId, inReview: cards.some((c) => c.sourceKind === 'note'), cards: cards.length };
}

export async function getStats(db: Db, userId: string, timeZone: string, now: Date): Promise<ReviewStats> {
  const { q, total, today, nextDueAt } = await queueOf(db, userId, now, timeZone, 0);
  const starts = [today];
  for (let i = 0; i < 7; i++) starts.push(nextDayStart(starts[i]!, timeZone));
  const ends = starts.slice(1);
  const [cumulative, retention, perGoal] = await Promise.all([
    dueCountsBy(db, userId, ends),
    retentionSince(db, userId, new Date(now.getTime() - 30 * DAY)),
    cardsPerGoal(db, userId),
  ]);
  const dueByGoal = new Map(q.byGoal.map((g) => [g.goalId, g.due]));
  return {
    dueNow: total,
    dueByDay: ends.map((_, i) => ({
      date: dayIn(starts[i]!, timeZone),
      count: (cumulative[i] ?? 0) - (i > 0 ? (cumulative[i - 1] ?? 0) : 0),
    })),
    reviewsToday: q.gradedToday,
    retention30d: retention.total > 0 ? retention.recalled / retention.total : null,
    totalCards: perGoal.reduce((sum, g) => sum + Number(g.cards), 0),
    nextDueAt: nextDueAt?.toISOString() ?? null,
    byGoal: perGoal.map((g) => ({
      goalId: g.goalId,
      goal: g.goal,
      cards: Number(g.cards),
      due: dueByGoal.get(g.goalId) ?? 0,
    })),
  };
}

/** Cards and due cards per lesson of a goal (due: by the time now, caps not applied). */
export async function lessonsDue(db: Db, userId: string, goalId: string, now: Date): Promise<LessonDue[]> {
  const rows = await cardsPerLesson(db, userId, goalId, now);
  return rows.flatMap((r) =>
    r.lessonId ? [{ lessonId: r.lessonId, cards: Number(r.cards), due: Number(r.due) }] : [],
  );
}
