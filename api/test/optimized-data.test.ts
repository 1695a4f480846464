// GET /learningplan/optimized-data/{goalId} answers in a fixed number of queries, whatever the roadmap's size,
// and a revalidation whose plan has not changed answers 304 from one.

import { OptimizedPlanDataSchema } from '@mindpath/contracts/roadmaps';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessonAssessments, lessons, roadmaps, users } from '../src/db/schema.ts';
import { updateGoal } from '../src/modules/goals/repository.ts';
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
  it('takes the same few queries for a 2 × 3 and a 10 × 10 roadmap: three after a change, then one', async () => {
    const small = await planOf(2, 3);
    const big = await planOf(10, 10);
    const a = await count(small.headers, small.goalId);
    const b = await count(big.headers, big.goalId);
    expect(Object.values(a.body.lessonsForRoadmaps).flat()).toHaveLength(6);
    expect(Object.values(b.body.lessonsForRoadmaps).flat()).toHaveLength(100);
    expect(b.body.goal.goalProgress.totalLessons).toBe(100);
    expect(b.body.firstUncompletedLesson.title).toBe('Lesson 1.1');
    // the head, the body built, the body kept
    expect(b.n).toBe(a.n);
    expect(b.n).toBe(3);
    const again = await count(big.headers, big.goalId);
    expect(again.n).toBe(1);
    expect(again.body).toEqual(b.body);
    // a change: built again, once
    await setLesson(t.database.db, big.lessonIds[0]!, true);
    const changed = await count(big.headers, big.goalId);
    expect(changed.n).toBe(3);
    expect(changed.body.firstUncompletedLesson.title).toBe('Lesson 1.2');
    expect((await count(big.headers, big.goalId)).n).toBe(1);
  });

  it('builds in the database what toRoadmap and toLesson give the other reads, in the same order', async () => {
    const plan = await planOf(3, 3);
    const db = t.database.db;
    const [first, second] = plan.lessonIds;
    // a title to escape, a submitted assessment with its score, a completed lesson, an empty section
    await db
      .update(lessons)
      .set({ title: 'Quotes "here", a back\\slash, a tab\tand ✓ — ünïcode\nnext line', grade: 75 })
      .where(eq(lessons.id, second!));
    await db.insert(lessonAssessments).values({
      userId: plan.userId,
      lessonId: second!,
      questions: [],
      source: 'offline',
      submission: { score: 75 },
      submittedAt: new Date(),
    });
    await setLesson(db, first!, true);
    await db
      .insert(roadmaps)
      .values({ userId: plan.userId, goalId: plan.goalId, name: 'Empty', position: 9, source: 'offline' });
    const res = await t.app.inject({
      url: `/api/learningplan/optimized-data/${plan.goalId}`,
      headers: plan.headers,
    });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = OptimizedPlanDataSchema.parse(res.json());
    const other = (url: string) => t.app.inject({ url, headers: plan.headers }).then((r) => r.json());
    expect(body.roadmaps).toEqual(await other(`/api/roadmaps/goal/${plan.goalId}`));
    expect(body.roadmaps.map((r) => r.name)).toEqual(['Section 1', 'Section 2', 'Section 3', 'Empty']);
    expect(Object.keys(body.lessonsForRoadmaps)).toEqual(body.roadmaps.map((r) => r.id));
    for (const section of body.roadmaps)
      expect(body.lessonsForRoadmaps[section.id]).toEqual(await other(`/api/roadmaps/${section.id}/items`));
    const graded = body.lessonsForRoadmaps[body.roadmaps[0]!.id]![1]!;
    expect(graded.title).toBe('Quotes "here", a back\\slash, a tab\tand ✓ — ünïcode\nnext line');
    expect(graded.lessonAssessment).toMatchObject({ score: 75 });
    expect(body.firstUncompletedLesson).toEqual(graded);
    expect(body.firstUncompletedLessonRoadmapId).toBe(body.roadmaps[0]!.id);
    expect(body.goal.goalProgress).toMatchObject({ completedLessons: 1, totalLessons: 9 });
  });
});

describe('revalidation: an entity tag per plan, 304 while nothing it shows has changed', () => {
  const url = (goalId: string) => `/api/learningplan/optimized-data/${goalId}`;
  const get = (headers: Record<string, string>, goalId: string, etag?: string) =>
    t.app.inject({ url: url(goalId), headers: { ...headers, ...(etag ? { 'if-none-match': etag } : {}) } });

  it('answers 304 with no body from one query; a tag that is not the current one reads the body', async () => {
    const plan = await planOf(3, 4);
    const first = await get(plan.headers, plan.goalId);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const { n, result: again } = await queries.count(() => get(plan.headers, plan.goalId, etag));
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(n).toBe(1);
    const { n: stale, result: whole } = await queries.count(() =>
      get(plan.headers, plan.goalId, 'W/"stale"'),
    );
    expect(whole.statusCode).toBe(200);
    expect(whole.json()).toEqual(first.json());
    expect(stale).toBe(2);
  });

  it('a new tag once a lesson is completed, an assessment is made or submitted, the learner goes Pro, the goal or the learner changes', async () => {
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
    await updateGoal(db, plan.goalId, { description: 'Beginner: Learn Rust well' });
    await changed('goal renamed');
    await db.update(users).set({ firstName: 'Ada' }).where(eq(users.id, plan.userId));
    await changed("learner's name given");
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
