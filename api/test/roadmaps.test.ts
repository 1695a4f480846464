// Roadmaps, lessons in a plan and learning plans through the real app: generation as a job on the offline
// provider, dedupe of concurrent starts, completion rules, the optimized plan data, plan limits on roadmap
// generation, and owner scoping of every call.
import { LIMIT_MESSAGES } from '@mindpath/contracts/goals';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationJobs, lessons } from '../src/db/schema.ts';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { type ApiCall, createTestApp, type Headers, registerLearner, type TestApp } from './helpers/app.ts';

let t: TestApp;
let now = new Date('2026-04-01T08:00:00Z');
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());

const api: ApiCall = (...args) => t.api(...args);

interface Learner {
  id: string;
  email: string;
  headers: Headers;
}

async function learner(pro = false): Promise<Learner> {
  const l = await registerLearner(t.app);
  if (pro) await setTierByEmail(t.database.db, l.email, 'pro');
  const id = (await api('GET', '/user', l.headers)).json().id as string;
  return { id, email: l.email, headers: l.headers };
}

async function goalOf(l: Learner, description = 'Beginner: Learn Rust'): Promise<string> {
  const res = await api('POST', '/goals', l.headers, { description, metadata: '{"level":"Beginner"}' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const generate = (l: Learner, goalId: string, body?: object) =>
  api('POST', `/roadmaps/${l.id}/${goalId}`, l.headers, body ?? {});

async function waitGenerated(l: Learner, goalId: string) {
  const res = await api('GET', `/roadmaps/goal/${goalId}/generation?waitMs=20000`, l.headers);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Time passes for the goal's jobs: a new start is a new generation, not the same click joining. */
async function later(goalId: string) {
  await t.database.db
    .update(generationJobs)
    .set({ createdAt: sql`${generationJobs.createdAt} - interval '1 minute'` })
    .where(eq(generationJobs.target, goalId));
}

async function roadmapFor(l: Learner, body?: object) {
  const goalId = await goalOf(l);
  expect((await generate(l, goalId, body)).statusCode).toBe(202);
  const status = await waitGenerated(l, goalId);
  expect(status.job.status, JSON.stringify(status.job.error)).toBe('succeeded');
  return goalId;
}

describe('roadmap generation', () => {
  it('generates a goal’s roadmap as a job: sections with lessons, a plan, the optimized data', async () => {
    const l = await learner();
    const goalId = await goalOf(l);
    const before = await api('GET', `/roadmaps/goal/${goalId}/generation`, l.headers);
    expect(before.json()).toEqual({ isGenerating: false, job: null });

    const started = await generate(l, goalId, { SelectedTopics: ['Ownership'] });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ joined: false, job: { kind: 'roadmap', target: goalId } });
    const done = await waitGenerated(l, goalId);
    expect(done).toMatchObject({
      isGenerating: false,
      job: { status: 'succeeded', error: null, attempts: 1 },
    });
    expect(done.job.result).toMatchObject({ source: 'offline' });

    const sections = (await api('GET', `/roadmaps/goal/${goalId}`, l.headers)).json();
    expect(sections.length).toBeGreaterThanOrEqual(4);
    expect(sections.length).toBeLessThanOrEqual(8);
    expect(sections.map((s: { position: number }) => s.position)).toEqual(
      sections.map((_: unknown, i: number) => i),
    );
    const first = sections[0];
    expect((await api('GET', `/roadmaps/${first.id}`, l.headers)).json()).toMatchObject({
      id: first.id,
      goalId,
      isCompleted: false,
    });
    const items = (await api('GET', `/roadmaps/${first.id}/items`, l.headers)).json();
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items[0]).toMatchObject({
      roadmapId: first.id,
      isCompleted: false,
      grade: null,
      lessonAssessment: null,
    });
    const withLessons = (await api('GET', `/roadmaps/${first.id}/with-lessons`, l.headers)).json();
    expect(withLessons.lessons).toEqual(items);

    const data = (await api('GET', `/learningplan/optimized-data/${goalId}`, l.headers)).json();
    expect(data.user).toMatchObject({ id: l.id, email: l.email });
    expect(data.goal).toMatchObject({
      id: goalId,
      goalProgress: { completedLessons: 0, completionPercentage: 0 },
    });
    expect(data.roadmaps).toEqual(sections);
    expect(Object.keys(data.lessonsForRoadmaps).sort()).toEqual(
      sections.map((s: { id: string }) => s.id).sort(),
    );
    expect(data.lessonsForRoadmaps[first.id]).toEqual(items);
    const total = Object.values(data.lessonsForRoadmaps).flat().length;
    expect(data.goal.goalProgress.totalLessons).toBe(total);
    expect(data.firstUncompletedLessonRoadmapId).toBe(first.id);
    expect(data.firstUncompletedLesson).toEqual(items[0]);
    expect(data.isGenerating).toBe(false);
    expect((await api('GET', '/learningplan/data', l.headers)).json()).toEqual(data);

    const plan = (await api('GET', `/learningplans/goal/${goalId}`, l.headers)).json();
    expect(plan).toMatchObject({ goalId, roadmapId: first.id, duration: '3 months', completionStatus: null });
  });

  it('shares one job between concurrent starts (double click, two tabs)', async () => {
    const l = await learner();
    const goalId = await goalOf(l);
    const results = await Promise.all([generate(l, goalId), generate(l, goalId), generate(l, goalId)]);
    expect(results.map((r) => r.statusCode)).toEqual([202, 202, 202]);
    const bodies = results.map((r) => r.json());
    expect(new Set(bodies.map((b) => b.job.id)).size).toBe(1);
    expect(bodies.filter((b) => !b.joined)).toHaveLength(1);
    expect((await waitGenerated(l, goalId)).job.status).toBe('succeeded');
    // a click arriving just after the job finished joins it too (no second generation, no 429)
    const late = await generate(l, goalId);
    expect(late.statusCode).toBe(202);
    expect(late.json()).toMatchObject({ joined: true, job: { id: bodies[0].job.id, status: 'succeeded' } });
  });

  it('accepts only the caller’s own user id and goal', async () => {
    const a = await learner();
    const b = await learner();
    const goalId = await goalOf(a);
    expect((await api('POST', `/roadmaps/${a.id}/${goalId}`, b.headers, {})).statusCode).toBe(404);
    expect((await api('POST', `/roadmaps/${b.id}/${goalId}`, b.headers, {})).statusCode).toBe(404);
    expect((await api('GET', `/roadmaps/goal/${goalId}/generation`, b.headers)).statusCode).toBe(404);
  });
});

describe('completion', () => {
  it('completes a section with its lessons and the goal with its sections', async () => {
    const l = await learner(true);
    const goalId = await roadmapFor(l);
    const sections = (await api('GET', `/roadmaps/goal/${goalId}`, l.headers)).json();
    const [s1, s2] = sections;
    const items = (await api('GET', `/roadmaps/${s1.id}/items`, l.headers)).json();

    const toggled = await api('PUT', `/roadmaps/items/${items[0].id}/completion`, l.headers);
    expect(toggled.json()).toMatchObject({ id: items[0].id, isCompleted: true });
    let data = (await api('GET', `/learningplan/optimized-data/${goalId}`, l.headers)).json();
    expect(data.firstUncompletedLesson.id).toBe(items[1].id);
    expect(data.goal.goalProgress.completedLessons).toBe(1);

    for (const it of items.slice(1)) {
      await api('PUT', `/roadmaps/items/${it.id}/completion`, l.headers, { isCompleted: true });
    }
    expect((await api('GET', `/roadmaps/${s1.id}`, l.headers)).json().isCompleted).toBe(true);
    data = (await api('GET', `/learningplan/optimized-data/${goalId}`, l.headers)).json();
    expect(data.firstUncompletedLessonRoadmapId).toBe(s2.id);

    // un-completing a lesson reopens its section
    await api('PUT', `/roadmaps/items/${items[0].id}/completion`, l.headers, { isCompleted: false });
    expect((await api('GET', `/roadmaps/${s1.id}`, l.headers)).json().isCompleted).toBe(false);
    await api('PUT', `/roadmaps/items/${items[0].id}/completion`, l.headers, { isCompleted: true });

    for (const s of sections.slice(1)) {
      const res = await api('PUT', `/roadmaps/${s.id}/completion`, l.headers);
      expect(res.json()).toMatchObject({ id: s.id, isCompleted: true });
    }
    // marking a section done marked its lessons done
    data = (await api('GET', `/learningplan/optimized-data/${goalId}`, l.headers)).json();
    expect(data.goal.goalProgress).toMatchObject({ completionPercentage: 100 });
    expect(data.firstUncompletedLesson).toBeNull();
    const goal = (await api('GET', `/goals/${goalId}`, l.headers)).json();
    expect(goal).toMatchObject({
      isCompleted: true,
      progress: 100,
      goalProgress: { completionPercentage: 100 },
    });
    expect(Date.parse(goal.completedAt)).toBeGreaterThan(0);
    // a completed goal no longer counts as in progress
    expect((await api('GET', '/goals', l.headers)).json()[0].isCompleted).toBe(true);
  });
});

describe('section completion', () => {
  it('reopens a section with its lessons, keeps a done lesson’s time, and is the owner’s only', async () => {
    const l = await learner(true);
    const goalId = await roadmapFor(l);
    const [s1] = (await api('GET', `/roadmaps/goal/${goalId}`, l.headers)).json();
    const items = (await api('GET', `/roadmaps/${s1.id}/items`, l.headers)).json();
    await api('PUT', `/roadmaps/items/${items[0].id}/completion`, l.headers, { isCompleted: true });
    const firstDoneAt = (await api('GET', `/roadmaps/${s1.id}/items`, l.headers)).json()[0].updatedAt;
    expect(Date.parse(firstDoneAt)).toBeGreaterThan(0);

    const done = await api('PUT', `/roadmaps/${s1.id}/completion`, l.headers, { isCompleted: true });
    expect(done.json()).toMatchObject({ id: s1.id, isCompleted: true });
    const after = (await api('GET', `/roadmaps/${s1.id}/items`, l.headers)).json();
    expect(after.every((it: { isCompleted: boolean }) => it.isCompleted)).toBe(true);
    // the lesson done before was left as it was
    expect(after[0].updatedAt).toBe(firstDoneAt);
    let data = (await api('GET', `/learningplan/optimized-data/${goalId}`, l.headers)).json();
    expect(data.goal.goalProgress.completedLessons).toBe(items.length);
    // home follows at once
    expect((await api('GET', '/dashboard', l.headers)).json().stats).toMatchObject({
      completedLessons: items.length,
      completedRoadmaps: 1,
    });

    // toggled back (no body): the section and every lesson of it are open again
    const reopened = await api('PUT', `/roadmaps/${s1.id}/completion`, l.headers);
    expect(reopened.json()).toMatchObject({ id: s1.id, isCompleted: false });
    const open = (await api('GET', `/roadmaps/${s1.id}/items`, l.headers)).json();
    expect(open.some((it: { isCompleted: boolean }) => it.isCompleted)).toBe(false);
    data = (await api('GET', `/learningplan/optimized-data/${goalId}`, l.headers)).json();
    expect(data.goal.goalProgress.completedLessons).toBe(0);
    expect(data.firstUncompletedLesson.id).toBe(items[0].id);
    expect((await api('GET', '/dashboard', l.headers)).json().stats).toMatchObject({
      completedLessons: 0,
      completedRoadmaps: 0,
    });

    const other = await learner();
    expect((await api('PUT', `/roadmaps/${s1.id}/completion`, other.headers)).statusCode).toBe(404);
    expect((await api('PUT', `/roadmaps/items/${items[0].id}/completion`, other.headers)).statusCode).toBe(
      404,
    );
  });
});

describe('sections', () => {
  it('attaches, detaches and deletes sections; generates the lessons of a section that has none', async () => {
    const l = await learner(true);
    const goalId = await roadmapFor(l);
    const other = await goalOf(l, 'Beginner: Learn Go');
    const [s1, s2] = (await api('GET', `/roadmaps/goal/${goalId}`, l.headers)).json();

    const moved = await api('PUT', `/roadmaps/${s1.id}/goal/${other}`, l.headers);
    expect(moved.json()).toMatchObject({ id: s1.id, goalId: other, position: 0 });
    const detached = await api('PUT', `/roadmaps/${s1.id}/remove-goal`, l.headers);
    expect(detached.json()).toMatchObject({ id: s1.id, goalId: null });

    expect(
      (await api('POST', `/roadmaps/${s2.id}/generate-lessons`, l.headers, { generateContent: false }))
        .statusCode,
    ).toBe(409);
    await t.database.db.delete(lessons).where(eq(lessons.roadmapId, s2.id));
    const started = await api('POST', `/roadmaps/${s2.id}/generate-lessons`, l.headers, {
      generateContent: false,
    });
    expect(started.statusCode).toBe(202);
    const job = (await api('GET', `/jobs/${started.json().job.id}?waitMs=20000`, l.headers)).json();
    expect(job).toMatchObject({ kind: 'section-lessons', status: 'succeeded' });
    const items = (await api('GET', `/roadmaps/${s2.id}/items`, l.headers)).json();
    expect(items.length).toBeGreaterThanOrEqual(3);

    expect((await api('DELETE', `/roadmaps/deleteAll/${goalId}`, l.headers)).statusCode).toBe(204);
    expect((await api('GET', `/roadmaps/goal/${goalId}`, l.headers)).json()).toEqual([]);
  });
});

describe('learning plans', () => {
  it('creates, lists newest first, stores completion status and regenerates', async () => {
    const l = await learner(true);
    const goalId = await roadmapFor(l);
    const created = await api('POST', '/learningplans', l.headers, {
      goalId,
      assessmentResults: { topics: ['Ownership'] },
    });
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    expect(plan).toMatchObject({
      goalId,
      duration: '3 months',
      assessmentResults: '{"topics":["Ownership"]}',
    });
    const list = (await api('GET', '/learningplans', l.headers)).json();
    expect(list[0].id).toBe(plan.id);
    expect(list).toHaveLength(2);
    expect((await api('GET', `/learningplans/user/${l.id}`, l.headers)).json()).toEqual(list);
    expect((await api('GET', `/learningplans/${plan.id}`, l.headers)).json()).toEqual(plan);

    const status = JSON.stringify({ done: [1, 2] });
    const put = await api('PUT', `/learningplans/${plan.id}/roadmap-completion`, l.headers, {
      completionStatus: status,
    });
    expect(put.json().completionStatus).toBe(status);

    // progress first, then regenerate: it starts over
    const [s1] = (await api('GET', `/roadmaps/goal/${goalId}`, l.headers)).json();
    await api('PUT', `/roadmaps/${s1.id}/completion`, l.headers, { isCompleted: true });
    await later(goalId);
    const regen = await api('POST', `/learningplans/${plan.id}/regenerate-roadmap`, l.headers);
    expect(regen.statusCode).toBe(202);
    expect((await waitGenerated(l, goalId)).job.status).toBe('succeeded');
    const fresh = (await api('GET', `/roadmaps/goal/${goalId}`, l.headers)).json();
    expect(fresh.every((s: { isCompleted: boolean; id: string }) => !s.isCompleted && s.id !== s1.id)).toBe(
      true,
    );

    await later(goalId);
    const again = await t.app.inject({ method: 'POST', url: '/api/learningplans', headers: l.headers });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toMatchObject({ joined: false, job: { kind: 'roadmap', target: goalId } });
    await waitGenerated(l, goalId);
  });

  it('says when there is no active goal', async () => {
    const l = await learner();
    const res = await api('GET', '/learningplan/data', l.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('No active goal found');
  });
});

describe('roadmap limits', () => {
  it('free: 1 topic, 1 generation per 72 hours; a join is free; Pro has neither limit', async () => {
    const l = await learner();
    const goalId = await goalOf(l);
    const topics = await generate(l, goalId, { SelectedTopics: ['A', 'B'] });
    expect(topics.statusCode).toBe(429);
    expect((await generate(l, goalId, { selectedTopics: ['A', 'B'] })).statusCode).toBe(429);
    expect(topics.json()).toMatchObject({
      message: LIMIT_MESSAGES.freeTopics,
      currentCount: 2,
      maxRequests: 1,
    });

    expect((await generate(l, goalId, { SelectedTopics: ['A'] })).statusCode).toBe(202);
    await waitGenerated(l, goalId);
    await later(goalId);
    now = new Date(now.getTime() + HOUR);
    const second = await generate(l, goalId);
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      message: 'You can generate 1 roadmap every 3 days with your current plan.',
      hoursUntilReset: 71,
      subscriptionMessage: expect.any(String),
      currentCount: 1,
      maxRequests: 1,
      code: 'PLAN_LIMIT',
      requestId: expect.any(String),
    });
    now = new Date(now.getTime() + 71 * HOUR + 1000);
    expect((await generate(l, goalId)).statusCode).toBe(202);
    await waitGenerated(l, goalId);
    await later(goalId);

    await setTierByEmail(t.database.db, l.email, 'pro');
    expect((await generate(l, goalId, { selectedTopics: ['A', 'B', 'C'] })).statusCode).toBe(202);
    await waitGenerated(l, goalId);
    await later(goalId);
    const pro = await generate(l, goalId);
    expect(pro.statusCode).toBe(202);
    expect(pro.json().joined).toBe(false);
    await waitGenerated(l, goalId);
  });
});

describe('owner scoping', () => {
  it("answers 404 for another learner's sections, lessons and plans", async () => {
    const owner = await learner(true);
    const goalId = await roadmapFor(owner);
    const [section] = (await api('GET', `/roadmaps/goal/${goalId}`, owner.headers)).json();
    const [lesson] = (await api('GET', `/roadmaps/${section.id}/items`, owner.headers)).json();
    const plan = (await api('GET', `/learningplans/goal/${goalId}`, owner.headers)).json();
    const other = await learner(true);
    const otherGoal = await goalOf(other);
    const calls: [Parameters<typeof api>[0], string, object?][] = [
      ['GET', `/roadmaps/${section.id}`],
      ['GET', `/roadmaps/goal/${goalId}`],
      ['GET', `/roadmaps/${section.id}/items`],
      ['GET', `/roadmaps/${section.id}/with-lessons`],
      ['PUT', `/roadmaps/items/${lesson.id}/completion`, {}],
      ['PUT', `/roadmaps/${section.id}/completion`, {}],
      ['PUT', `/roadmaps/${section.id}/goal/${otherGoal}`],
      ['PUT', `/roadmaps/${section.id}/remove-goal`],
      ['DELETE', `/roadmaps/deleteAll/${goalId}`],
      ['POST', `/roadmaps/${section.id}/generate-lessons`, {}],
      ['GET', `/learningplans/${plan.id}`],
      ['GET', `/learningplans/goal/${goalId}`],
      ['GET', `/learningplans/user/${owner.id}`],
      ['POST', '/learningplans', { goalId }],
      ['POST', `/learningplans/${plan.id}/regenerate-roadmap`],
      ['PUT', `/learningplans/${plan.id}/roadmap-completion`, { completionStatus: '{}' }],
      ['GET', `/learningplan/optimized-data/${goalId}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await api(method, url, other.headers, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // and the owner's own section cannot be attached to someone else's goal
    expect((await api('PUT', `/roadmaps/${section.id}/goal/${otherGoal}`, owner.headers)).statusCode).toBe(
      404,
    );
    expect((await api('GET', `/roadmaps/${section.id}`, owner.headers)).json().goalId).toBe(goalId);
  });
});
