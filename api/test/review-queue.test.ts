// The review queue's rules, as the database builds them (queueInDb; PGlite here, PostgreSQL in CI): learning
// and relearning first, then reviews by due, then new cards oldest first; the caps less today's grades; one
// card of a source a day. Cards and grades are written straight into the tables so each case is exact.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { reviewCards, reviewLogs, users } from '../src/db/schema.ts';
import { type QueueCaps, queueInDb } from '../src/modules/reviews/repository.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';

const now = new Date('2026-03-10T12:00:00Z');
const today = new Date('2026-03-10T00:00:00Z');
const caps: QueueCaps = { newPerDay: 20, reviewsPerDay: 200 };

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  const learner = await registerLearner(t.app);
  const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, learner.email));
  userId = user!.id;
});

let n = 0;
/** A card in `state`, due (and created) `minutesAgo` before now; its own source unless `siblingKey` says. */
async function card(state: number, minutesAgo: number, siblingKey?: string): Promise<string> {
  n += 1;
  const at = new Date(now.getTime() - minutesAgo * 60_000);
  const [row] = await t.app.db
    .insert(reviewCards)
    .values({
      userId,
      sourceKind: 'note-line',
      sourceId: `source-${n}`,
      siblingKey: siblingKey ?? `source-${n}`,
      prompt: `Q${n}`,
      answer: `A${n}`,
      due: at,
      createdAt: at,
      state,
    })
    .returning({ id: reviewCards.id });
  return row!.id;
}

/** A grade given an hour ago to `cardId`, which was in `state` before it. */
async function gradedToday(cardId: string, state: number): Promise<void> {
  await t.app.db.insert(reviewLogs).values({
    userId,
    cardId,
    reviewKey: null,
    rating: 3,
    state,
    due: now,
    stability: 1,
    difficulty: 5,
    elapsedDays: 0,
    lastElapsedDays: 0,
    scheduledDays: 0,
    learningSteps: 0,
    reviewedAt: new Date(now.getTime() - 3_600_000),
  });
}

const queue = (c: QueueCaps = caps, limit = 50) => queueInDb(t.app.db, userId, now, today, c, limit);

describe('the review queue', () => {
  it('puts learning and relearning first, then reviews by due, then new cards oldest first', async () => {
    const fresh = await card(0, 5);
    const older = await card(0, 50);
    const review = await card(2, 10);
    const overdue = await card(2, 1000);
    const relearning = await card(3, 1);
    const learning = await card(1, 3);
    const notDue = await card(2, -60);
    const q = await queue();
    expect(q.ids).toEqual([learning, relearning, overdue, review, older, fresh]);
    expect(q.ids).not.toContain(notDue);
    expect([q.learning, q.review, q.new, q.dueNow]).toEqual([2, 2, 2, 6]);
    expect((await queue(caps, 3)).ids).toEqual([learning, relearning, overdue]);
  });

  it('caps new cards and reviews, counting what was graded today', async () => {
    for (let i = 0; i < 5; i++) await card(0, i);
    for (let i = 0; i < 5; i++) await card(2, i);
    // graded today and due again tomorrow: they count against the caps without being in the queue
    for (const state of [0, 2, 2, 1]) await gradedToday(await card(state, -1440), state);
    const q = await queue({ newPerDay: 3, reviewsPerDay: 4 });
    expect([q.new, q.review, q.gradedToday, q.dueNow]).toEqual([2, 2, 4, 10]);
    expect((await queue({ newPerDay: 0, reviewsPerDay: 0 })).ids).toEqual([]);
  });

  it('never shows a learning card less for the caps', async () => {
    for (let i = 0; i < 4; i++) await card(1, i);
    expect((await queue({ newPerDay: 0, reviewsPerDay: 0 })).learning).toBe(4);
  });

  it('keeps two cards of one source off the same day', async () => {
    await card(0, 30, 'note-1');
    await card(0, 20, 'note-1');
    const review = await card(2, 10, 'note-1');
    const other = await card(0, 10, 'note-2');
    // the review comes first in the queue, so it is the note's card of the day
    expect((await queue()).ids).toEqual([review, other]);
  });

  it('holds back a card whose sibling was graded today, but not the graded card itself', async () => {
    const a = await card(1, 1, 'note-1');
    const b = await card(0, 5, 'note-1');
    await gradedToday(a, 0);
    const q = await queue();
    expect(q.ids).toEqual([a]);
    expect(q.ids).not.toContain(b);
    expect([q.learning, q.new, q.dueNow]).toEqual([1, 0, 2]);
  });

  it('counts the queue by goal and leaves suspended cards out', async () => {
    const suspended = await card(2, 5);
    await t.app.db.update(reviewCards).set({ suspended: true }).where(eq(reviewCards.id, suspended));
    await card(0, 5);
    expect((await queue()).byGoal).toEqual([{ goalId: null, due: 1 }]);
  });
});
