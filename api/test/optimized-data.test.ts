// GET /learningplan/optimized-data/{goalId} answers in a fixed number of queries, whatever the roadmap's size,
// and a revalidation whose plan has not changed answers 304 from one.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonAssessments, users } from '../src/db/schema.ts';
import { setLesson } from '../src/modules/roadmaps/repository.ts';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { createTestApp, queryCounter, type TestApp } from './helpers/app.ts';
import { learnerWithRoadmap } from './helpers/lessons.ts';

let t: TestApp;
const queries = queryCounter();

beforeAll(async () => {
  t = await createTestApp({ WORKER: 'off' }, { logger: queries.logger });
});
afterAll(() => t.close());

const planOf = (sections: number, lessonsEach: number) =>
  learnerWithRoadmap(t.app, t.database.db, sections, lessonsEach);

async function count(headers: Record<string, string>, goalId: string) {
  const { n, result: res } = await queries.count(() =>
    t.app.inject({ url: `/api/learningplan/optimized-data/${goalId}`, headers }),
  );
  expect(res.statusCode).toBe(200);
  return { n, body: res.json() };
}

describe('optimized plan data', () => {
  it('takes the same few queries for a 2 × 3 and a 10 × 10 roadmap', async () => {
    const small = await planOf(2, 3);
    const big = await planOf(10, 10);
    const a = await count(small.headers, small.goalId);
    const b = await count(big.headers, big.goalId);
    expect(Object.values(a.body.lessonsForRoadmaps).flat()).toHaveLength(6);
    expect(Object.values(b.body.lessonsForRoadmaps).flat()).toHaveLength(100);
    expect(b.body.goal.goalProgress.totalLessons).toBe(100);
    expect(b.body.firstUncompletedLesson.title).toBe('Lesson 1.1');
    expect(b.n).toBe(a.n);
    expect(b.n).toBe(3);
  });
});

describe('revalidation: an entity tag per plan, 304 while nothing it shows has changed', () => {
  const url = (goalId: string) => `/api/learningplan/optimized-data/${goalId}`;
  const get = (headers: Record<string, string>, goalId: string, etag?: string) =>
    t.app.inject({ url: url(goalId), headers: { ...headers, ...(etag ? { 'if-none-match': etag } : {}) } });

  it('answers 304 with no body from one query, and reads the plan in three', async () => {
    const plan = await planOf(3, 4);
    const { n: full, result: first } = await queries.count(() => get(plan.headers, plan.goalId));
    expect(first.statusCode).toBe(200);
    expect(full).toBe(3);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const { n, result: again } = await queries.count(() => get(plan.headers, plan.goalId, etag));
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(n).toBe(1);
    // a tag that is not the plan's current one reads it whole
    expect((await get(plan.headers, plan.goalId, 'W/"stale"')).statusCode).toBe(200);
  });

  it('a new tag once a lesson is completed, an assessment is made or submitted, or the learner goes Pro', async () => {
    const plan = await planOf(2, 2);
    const db = t.database.db;
    const tagNow = async () => (await get(plan.headers, plan.goalId)).headers.etag as string;
    const seen = new Set([await tagNow()]);
    const changed = async (what: string) => {
      const tag = await tagNow();
      expect(seen.has(tag), what).toBe(false);
      seen.add(tag);
      expect((await get(plan.headers, plan.goalId, tag)).statusCode, what).toBe(304);
    };
    const lessonId = plan.lessonIds[0]!;
    const [assessment] = await db
      .insert(lessonAssessments)
      .values({ userId: plan.userId, lessonId, questions: [], source: 'offline' })
      .returning();
    await changed('assessment made');
    await db
      .update(lessonAssessments)
      .set({ submission: { score: 40 }, submittedAt: new Date() })
      .where(eq(lessonAssessments.id, assessment!.id));
    await changed('assessment submitted');
    await setLesson(db, lessonId, true);
    await changed('lesson completed');
    const email = (await get(plan.headers, plan.goalId)).json().user.email as string;
    await setTierByEmail(db, email, 'pro');
    await changed('learner went Pro');
  });

  it("another learner's goal is 404 and a deleted learner's token 401, with or without a tag", async () => {
    const mine = await planOf(1, 3);
    const theirs = await planOf(1, 3);
    const etag = (await get(theirs.headers, theirs.goalId)).headers.etag as string;
    expect((await get(mine.headers, theirs.goalId)).statusCode).toBe(404);
    expect((await get(mine.headers, theirs.goalId, etag)).statusCode).toBe(404);
    await t.database.db.delete(users).where(eq(users.id, theirs.userId));
    expect((await get(theirs.headers, theirs.goalId, etag)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/user', headers: theirs.headers })).statusCode).toBe(401);
  });
});
