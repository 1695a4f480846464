// GET /learningplan/optimized-data/{goalId} answers in a fixed number of queries, whatever the roadmap's size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceRoadmap } from '../src/modules/roadmaps/repository.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';

let t: TestApp;
let counting = false;
let queries: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { WORKER: 'off' },
    {
      logger: {
        logQuery(query) {
          if (counting) queries.push(query);
        },
      },
    },
  );
});
afterAll(() => t.close());

async function planOf(sections: number, lessonsEach: number) {
  const learner = await registerLearner(t.app);
  const userId = (await t.app.inject({ url: '/api/user', headers: learner.headers })).json().id;
  const goal = await t.app.inject({
    method: 'POST',
    url: '/api/goals',
    headers: learner.headers,
    payload: { description: 'Beginner: Learn Rust' },
  });
  const goalId = goal.json().id as string;
  const generated = Array.from({ length: sections }, (_, s) => ({
    name: `Section ${s + 1}`,
    description: `About section ${s + 1}`,
    lessons: Array.from({ length: lessonsEach }, (_, l) => ({
      title: `Lesson ${s + 1}.${l + 1}`,
      summary: 'A lesson',
      estimatedTimeInMinutes: 30,
    })),
  }));
  await t.database.db.transaction((tx) => replaceRoadmap(tx, userId, goalId, generated, 'offline'));
  return { headers: learner.headers, goalId };
}

async function count(headers: Record<string, string>, goalId: string) {
  queries = [];
  counting = true;
  const res = await t.app.inject({ url: `/api/learningplan/optimized-data/${goalId}`, headers });
  counting = false;
  expect(res.statusCode).toBe(200);
  return { n: queries.length, body: res.json() };
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
