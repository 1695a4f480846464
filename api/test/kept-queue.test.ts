// The review queue kept between changes (kept-queue.ts): whatever happens — time passing within the day, a
// card coming due, a grade, an undo, a suspension, new settings, another time zone or count, midnight in UTC
// or in the learner's zone, a clock set back, a change made through another instance — the kept answer is the
// one a fresh build gives at that moment, and a read with nothing changed is one query.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewCards } from '../src/db/schema.ts';
import { getQueue } from '../src/modules/reviews/service.ts';
import {
  createTestApp,
  type Headers,
  queryCounter,
  registerLearner,
  secondInstance,
  type TestApp,
} from './helpers/app.ts';

const MIN = 60_000;
let now = new Date('2026-03-10T21:30:00Z');
let t: TestApp;
const queries = queryCounter();
beforeAll(async () => {
  t = await createTestApp({ WORKER: 'off' }, { clock: () => now, logger: queries.logger });
});
afterAll(() => t.close());

let n = 0;
async function card(userId: string, state: number, dueInMinutes: number) {
  n += 1;
  const due = new Date(now.getTime() + dueInMinutes * MIN);
  const [row] = await t.database.db
    .insert(reviewCards)
    .values({
      userId,
      sourceKind: 'note-line',
      sourceId: `kept-${n}`,
      siblingKey: `kept-${n}`,
      prompt: `Q${n}`,
      answer: `A${n}`,
      due,
      createdAt: new Date(due.getTime() - 3 * 86_400_000),
      lastReview: state === 0 ? null : new Date(due.getTime() - 2 * 86_400_000),
      state,
      stability: state === 0 ? 0 : 2.5,
      difficulty: state === 0 ? 0 : 5,
      scheduledDays: state === 2 ? 2 : 0,
      reps: state === 0 ? 0 : 2,
    })
    .returning({ id: reviewCards.id });
  return row!.id;
}

describe('the kept review queue', () => {
  it('answers what a fresh build answers at every moment, and one query when nothing changed', async () => {
    const { headers } = await registerLearner(t.app);
    const userId = (await t.api('GET', '/user', headers)).json().id as string;
    for (let i = 0; i < 3; i++) await card(userId, 0, -60 - i);
    for (let i = 0; i < 2; i++) await card(userId, 2, -30 - i);
    await card(userId, 2, 120);
    await card(userId, 1, 10);

    const check = async (what: string, query = { timeZone: 'UTC', limit: 50 }, h: Headers = headers) => {
      const res = await t.api(
        'GET',
        `/reviews/queue?timeZone=${encodeURIComponent(query.timeZone)}&limit=${query.limit}`,
        h,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), what).toEqual(await getQueue(t.database.db, userId, query, now));
      return res.json();
    };
    const advance = (minutes: number) => {
      now = new Date(now.getTime() + minutes * MIN);
    };

    const first = await check('first read');
    expect(first.total).toBe(5);
    advance(1);
    const again = await queries.count(() => t.api('GET', '/reviews/queue?timeZone=UTC&limit=50', headers));
    expect(again.n).toBe(1);
    await check('a minute later: the intervals move with the clock');
    advance(10);
    expect((await check('the learning card came due')).counts.learning).toBe(1);

    const graded = await t.api('POST', `/reviews/${first.cards[0].id}/grade`, headers, {
      rating: 'good',
      reviewId: randomUUID(),
    });
    expect(graded.statusCode, graded.body).toBe(200);
    await check('after a grade');
    expect((await t.api('POST', `/reviews/${first.cards[0].id}/undo`, headers)).statusCode).toBe(200);
    await check('after the undo');
    const suspended = await t.api('PUT', `/reviews/${first.cards[1].id}/suspend`, headers, {
      suspended: true,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    await check('after a suspension');
    const settings = await t.api('PUT', '/reviews/settings', headers, {
      requestRetention: 0.85,
      newPerDay: 1,
      reviewsPerDay: 1,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await check('after new caps')).total).toBeLessThan(first.total);
    await check('another count', { timeZone: 'UTC', limit: 2 });
    await check('another time zone', { timeZone: 'Asia/Tokyo', limit: 50 });
    await check('back to the first');
    advance(45);
    await check('past midnight in UTC');
    advance(125);
    await check('the review card due later came due');
    advance(-300);
    await check('the clock set back');
  });

  it('is read by a second instance from the row the first kept, and a grade on either is seen by both', async () => {
    const { headers } = await registerLearner(t.app);
    const userId = (await t.api('GET', '/user', headers)).json().id as string;
    for (let i = 0; i < 4; i++) await card(userId, 0, -10 - i);
    const other = await secondInstance(t, { clock: () => now, logger: queries.logger });
    try {
      const read = (app: TestApp['app'], limit = 50) =>
        app.inject({ method: 'GET', url: `/api/reviews/queue?limit=${limit}`, headers });
      const fresh = () => getQueue(t.database.db, userId, { timeZone: 'UTC', limit: 50 }, now);
      expect((await read(t.app)).json()).toEqual(await fresh());
      // the learner's first request to an instance each day records their activity (one UPDATE): made first
      expect((await other.app.inject({ method: 'GET', url: '/api/user', headers })).statusCode).toBe(200);
      const there = await queries.count(() => read(other.app));
      expect(there.n, 'the head, then the JSON the first instance kept').toBe(2);
      expect(there.result.json()).toEqual(await fresh());
      expect((await queries.count(() => read(other.app))).n).toBe(1);
      expect((await read(other.app, 2)).json(), 'a smaller limit: the same build').toEqual(
        await getQueue(t.database.db, userId, { timeZone: 'UTC', limit: 2 }, now),
      );

      const first = (await read(t.app)).json().cards[0].id as string;
      const graded = await other.app.inject({
        method: 'POST',
        url: `/api/reviews/${first}/grade`,
        headers,
        payload: { rating: 'good', reviewId: randomUUID() },
      });
      expect(graded.statusCode, graded.body).toBe(200);
      const after = await fresh();
      expect(after.cards.map((c) => c.id)).not.toContain(first);
      expect((await read(t.app)).json(), 'the first instance after the other graded').toEqual(after);
      expect((await read(other.app)).json()).toEqual(after);
    } finally {
      await other.close();
    }
  });
});
