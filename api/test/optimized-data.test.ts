// GET /learningplan/optimized-data/{goalId} answers in a fixed number of queries, whatever the roadmap's size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(b.n).toBeLessThanOrEqual(8);
  });
});
