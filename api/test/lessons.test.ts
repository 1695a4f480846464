// Lessons through the real app on the offline provider: the lesson view, content generation as a job (dedupe
// of concurrent starts, status and wait), the content stream over a real socket, the free plan's daily lesson
// limit and lesson-open gate, and owner scoping.
import { LESSON_SECTIONS } from '@mindpath/contracts/ai';
import { LESSON_LIMIT_MESSAGE, ResourceLinksSchema, VideoUrlsSchema } from '@mindpath/contracts/lessons';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyConceptsOf } from '../src/ai/lesson-outline.ts';
import { createOfflineProvider } from '../src/ai/offline/provider.ts';
import { createAi } from '../src/ai/service.ts';
import { generationJobs, lessons, usageEvents } from '../src/db/schema.ts';
import { replaceRoadmap } from '../src/modules/roadmaps/repository.ts';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { type ApiCall, createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { applyDeltas, learnerWithPlan, type PlannedLearner, readSse } from './helpers/lessons.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const api: ApiCall = (...args) => t.api(...args);

const generate = (l: PlannedLearner, lessonId: string) =>
  api('POST', `/lessons/${lessonId}/generate-content`, l.headers);

async function waitContent(l: PlannedLearner, lessonId: string) {
  const res = await api('GET', `/lessons/${lessonId}/content-status?waitMs=20000`, l.headers);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function generated(l: PlannedLearner, lessonId: string) {
  const res = await generate(l, lessonId);
  expect([200, 202], res.body).toContain(res.statusCode);
  const status = await waitContent(l, lessonId);
  expect(status.job?.status ?? 'succeeded', JSON.stringify(status.job)).toBe('succeeded');
  return (await api('GET', `/lessons/${lessonId}`, l.headers)).json();
}

/** Time passes: the learner's usage and completions move a day and an hour into the past. */
async function dayLater(l: PlannedLearner) {
  await t.database.db
    .update(usageEvents)
    .set({ createdAt: sql`${usageEvents.createdAt} - interval '25 hours'` })
    .where(eq(usageEvents.userId, l.id));
  await t.database.db
    .update(lessons)
    .set({ completedAt: sql`${lessons.completedAt} - interval '25 hours'` })
    .where(and(eq(lessons.userId, l.id), eq(lessons.isCompleted, true)));
}

describe('a lesson', () => {
  it('reads as the spec names it, with no content before generation', async () => {
    const l = await learnerWithPlan(t.app);
    const res = await api('GET', `/lessons/${l.lessonIds[0]}`, l.headers);
    expect(res.statusCode).toBe(200);
    const lesson = res.json();
    expect(lesson).toMatchObject({
      id: l.lessonIds[0],
      roadmapId: l.sections[0]!.id,
      goalId: l.goalId,
      content: null,
      imageUrl: null,
      hasAudio: false,
      isCompleted: false,
      completedAt: null,
      videoUrls: null,
      resourceLinks: null,
      isGenerating: false,
      limit: null,
    });
    expect(lesson.roadmap.name).toEqual(expect.any(String));
    expect(lesson.estimatedTimeInMinutes).toBeGreaterThan(0);
  });

  it("is another learner's 404, an unknown id's 404, and 401 without a token", async () => {
    const owner = await learnerWithPlan(t.app);
    const other = await registerLearner(t.app);
    const id = owner.lessonIds[0]!;
    for (const [method, url] of [
      ['GET', `/lessons/${id}`],
      ['POST', `/lessons/${id}/generate-content`],
      ['GET', `/lessons/${id}/content-status`],
      ['GET', `/lessons/${id}/content-stream`],
      ['GET', `/lessons/${id}/next`],
      ['POST', `/lessons/${id}/complete`],
    ] as const) {
      const res = await api(method, url, other.headers);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Lesson not found', code: 'NOT_FOUND' });
    }
    expect((await api('GET', `/lessons/${crypto.randomUUID()}`, owner.headers)).statusCode).toBe(404);
    expect((await api('GET', `/lessons/${id}`, {})).statusCode).toBe(401);
    expect((await api('GET', '/lessons/not-a-uuid', owner.headers)).statusCode).toBe(400);
  });
});

describe('content generation', () => {
  it('writes markdown with the special sections, its key concepts, a code example, an image placeholder and honest links', async () => {
    const l = await learnerWithPlan(t.app);
    const started = await generate(l, l.lessonIds[0]!);
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      joined: false,
      job: { kind: 'lesson-content', status: 'queued' },
    });
    expect(started.json().lesson.isGenerating).toBe(true);
    const status = await waitContent(l, l.lessonIds[0]!);
    expect(status).toMatchObject({ isGenerating: false, hasContent: true, job: { status: 'succeeded' } });

    const lesson = (await api('GET', `/lessons/${l.lessonIds[0]}`, l.headers)).json();
    expect(lesson.contentSource).toBe('offline');
    for (const s of LESSON_SECTIONS) expect(lesson.content).toContain(`\n## ${s}\n`);
    expect(lesson.content).toMatch(/```[a-z]+\n[\s\S]+?\n```/);
    expect(keyConceptsOf(lesson.content)).toHaveLength(4);
    expect(lesson.content).toMatch(/\{\{image: [^}]+\}\}/);
    const videos = VideoUrlsSchema.parse(JSON.parse(lesson.videoUrls));
    const links = ResourceLinksSchema.parse(JSON.parse(lesson.resourceLinks));
    // offline: search pages and curated books only, never a URL that might not exist
    expect(videos.length).toBeGreaterThan(0);
    for (const v of [...videos, ...links.articles]) {
      expect(v.kind).toBe('search');
      expect(v.url).toMatch(/^https:\/\/[^/]+\/.*(search|results)/);
    }
    expect(links.books.every((b) => b.kind === 'curated' && b.author.length > 0)).toBe(true);

    // content exists: answered as it is, no new job
    const again = await generate(l, l.lessonIds[0]!);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ job: null, joined: false, lesson: { content: lesson.content } });
  });

  it('shares one job between concurrent starts (double clicks, two tabs) and counts one use', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[1]!;
    const all = await Promise.all(Array.from({ length: 6 }, () => generate(l, id)));
    expect(all.map((r) => r.statusCode)).toEqual(Array(6).fill(202));
    const jobIds = new Set(all.map((r) => r.json().job.id));
    expect(jobIds.size).toBe(1);
    expect(all.filter((r) => r.json().joined === false)).toHaveLength(1);
    await waitContent(l, id);
    const jobs = await t.database.db
      .select()
      .from(generationJobs)
      .where(and(eq(generationJobs.kind, 'lesson-content'), eq(generationJobs.target, id)));
    expect(jobs).toHaveLength(1);
    const uses = await t.database.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.userId, l.id), eq(usageEvents.kind, 'lesson_generation')));
    expect(uses).toHaveLength(1);
  });

  it('streams the content as it is written over a real socket, then done with the stored lesson', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    expect((await generate(l, id)).statusCode).toBe(202);
    const { status, contentType, events } = await readSse(
      `${base}/api/lessons/${id}/content-stream`,
      l.headers,
    );
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/event-stream/);
    const deltas = events.filter((e) => e.type === 'delta');
    const done = events.at(-1)!;
    expect(done.type).toBe('done');
    const lesson = (done as unknown as { lesson: { content: string; isGenerating: boolean } }).lesson;
    expect(lesson.isGenerating).toBe(false);
    expect(applyDeltas(events).trim()).toBe(lesson.content.trim());
    // the offline generator writes at a reading pace: the first piece arrives while the rest is being
    // written (how many pieces depends on the machine's load)
    expect(deltas.length).toBeGreaterThanOrEqual(2);
    expect((deltas[0]!.text as string).length).toBeLessThan(lesson.content.length / 2);
    // a connection's first delta replaces what the client holds (it may be reconnecting), the rest append
    expect(deltas.map((d) => d.reset)).toEqual([true, ...deltas.slice(1).map(() => false)]);
    expect(lesson.content).toContain('## Overview');

    // a stream opened once the content exists answers it whole
    const later = await readSse(`${base}/api/lessons/${id}/content-stream`, l.headers);
    expect(later.events.map((e) => e.type)).toEqual(['delta', 'done']);
    expect(later.events[0]!.reset).toBe(true);
    expect(applyDeltas(later.events)).toBe(lesson.content);
  });

  it('streams an error when no generation was started', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const { events } = await readSse(`${base}/api/lessons/${l.lessonIds[2]}/content-stream`, l.headers);
    expect(events).toEqual([expect.objectContaining({ type: 'error', reason: 'not_started' })]);
  });
});

describe('the free plan', () => {
  it('allows 1 lesson content generation per 24 hours, answered 429 with the rate-limit body', async () => {
    const l = await learnerWithPlan(t.app);
    await generated(l, l.lessonIds[0]!);
    const refused = await generate(l, l.lessonIds[1]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: LESSON_LIMIT_MESSAGE,
      code: 'PLAN_LIMIT',
      currentCount: 1,
      maxRequests: 1,
      subscriptionMessage: expect.any(String),
    });
    expect(refused.json().hoursUntilReset).toBeGreaterThanOrEqual(23);
    expect(refused.json().hoursUntilReset).toBeLessThanOrEqual(24);
    // the lesson already generated still opens
    expect((await generate(l, l.lessonIds[0]!)).statusCode).toBe(200);
    await dayLater(l);
    expect((await generate(l, l.lessonIds[1]!)).statusCode).toBe(202);
    await waitContent(l, l.lessonIds[1]!);
  });

  it('counts a generation under way: a second lesson started meanwhile is refused', async () => {
    const l = await learnerWithPlan(t.app);
    const [a, b] = await Promise.all([generate(l, l.lessonIds[0]!), generate(l, l.lessonIds[1]!)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 429]);
    await waitContent(l, l.lessonIds[0]!);
    await waitContent(l, l.lessonIds[1]!);
  });

  it('gates the next lesson after a completed one (spec 1 §4), and Pro opens lessons freely', async () => {
    const l = await learnerWithPlan(t.app);
    const [first, second] = l.lessonIds as [string, string];
    const lesson = await generated(l, first);
    expect(lesson.content).not.toBeNull();
    // completing through the roadmap toggle counts as a completion too
    expect(
      (await api('PUT', `/roadmaps/items/${first}/completion`, l.headers, { isCompleted: true })).statusCode,
    ).toBe(200);
    await dayLater(l); // the daily generation limit is over; the completion is recent again below
    await t.database.db.update(lessons).set({ completedAt: sql`now()` }).where(eq(lessons.id, first));

    const gated = (await api('GET', `/lessons/${second}`, l.headers)).json();
    expect(gated.content).toBeNull();
    expect(gated.limit).toMatchObject({ message: LESSON_LIMIT_MESSAGE, currentCount: 1, maxRequests: 1 });
    // the plan says so before the click, with the same info
    const gateOnPlan = async () =>
      (await api('GET', `/learningplan/optimized-data/${l.goalId}`, l.headers)).json().lessonGate;
    expect(await gateOnPlan()).toEqual(gated.limit);
    const refused = await generate(l, second);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: LESSON_LIMIT_MESSAGE, code: 'PLAN_LIMIT' });
    expect((await api('GET', `/lessons/${second}/content-stream`, l.headers)).statusCode).toBe(429);
    // the completed lesson stays open
    const open = (await api('GET', `/lessons/${first}`, l.headers)).json();
    expect(open.limit).toBeNull();
    expect(open.content).toBe(lesson.content);

    await setTierByEmail(t.database.db, l.email, 'pro');
    expect((await api('GET', `/lessons/${second}`, l.headers)).json().limit).toBeNull();
    expect(await gateOnPlan()).toBeNull();
    await setTierByEmail(t.database.db, l.email, 'free');

    await dayLater(l);
    expect((await api('GET', `/lessons/${second}`, l.headers)).json().limit).toBeNull();
    expect(await gateOnPlan()).toBeNull();
    expect((await generate(l, second)).statusCode).toBe(202);
    await waitContent(l, second);
  });
});

describe('a server closing', () => {
  it('ends the content streams it holds open instead of waiting for them', async () => {
    // no worker: the job stays queued and its stream stays open
    const paused = await createTestApp({ WORKER: 'off' });
    const pausedBase = await paused.app.listen({ port: 0, host: '127.0.0.1' });
    const l = await registerLearner(paused.app);
    const userId = (await paused.app.inject({ url: '/api/user', headers: l.headers })).json().id;
    const goal = await paused.app.inject({
      method: 'POST',
      url: '/api/goals',
      headers: l.headers,
      payload: { description: 'Beginner: Learn Python' },
    });
    const { data } = await createAi(createOfflineProvider()).generateRoadmap({
      goal: 'Learn Python',
      level: 'Beginner',
      topics: [],
    });
    const [sectionId] = await paused.database.db.transaction((tx) =>
      replaceRoadmap(tx, userId, goal.json().id, data.sections, 'offline'),
    );
    const lessonId = (
      await paused.app.inject({ url: `/api/roadmaps/${sectionId}/items`, headers: l.headers })
    ).json()[0].id;
    const started = await paused.app.inject({
      method: 'POST',
      url: `/api/lessons/${lessonId}/generate-content`,
      headers: l.headers,
    });
    expect(started.json().job.status).toBe('queued');
    const res = await fetch(`${pausedBase}/api/lessons/${lessonId}/content-stream`, { headers: l.headers });
    expect(res.status).toBe(200);
    const read = res.text();
    const before = Date.now();
    await paused.close();
    expect(Date.now() - before).toBeLessThan(5_000);
    expect(await read).not.toContain('event: done');
  });
});

describe('the next lesson', () => {
  it('follows the plan across sections and ends with null', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const [s1, s2] = l.sections as [PlannedLearner['sections'][0], PlannedLearner['sections'][0]];
    const next = (id: string) => api('GET', `/lessons/${id}/next`, l.headers).then((r) => r.json().lesson);
    expect((await next(s1.lessonIds[0]!)).id).toBe(s1.lessonIds[1]);
    expect((await next(s1.lessonIds.at(-1)!)).id).toBe(s2.lessonIds[0]);
    expect(await next(l.lessonIds.at(-1)!)).toBeNull();
  });
});

describe('the OpenAPI document', () => {
  it('documents every lesson and chat route', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const routes: [string, string][] = [
      ['/api/lessons/{id}', 'get'],
      ['/api/lessons/{id}/generate-content', 'post'],
      ['/api/lessons/{id}/content-status', 'get'],
      ['/api/lessons/{id}/content-stream', 'get'],
      ['/api/lessons/{id}/generate-image', 'post'],
      ['/api/lessons/{id}/audio', 'get'],
      ['/api/lessons/{id}/generate-audio', 'post'],
      ['/api/lessons/{id}/assessment', 'get'],
      ['/api/lessons/{id}/assessment/generate', 'post'],
      ['/api/lessons/{id}/assessment/regenerate', 'post'],
      ['/api/lessons/{id}/assessment/status', 'get'],
      ['/api/lessons/assessments/{assessmentId}/submit', 'post'],
      ['/api/lessons/{id}/complete', 'post'],
      ['/api/lessons/{id}/next', 'get'],
      ['/api/chat', 'post'],
      ['/api/chat/stream', 'post'],
      ['/api/chat/history', 'get'],
      ['/api/chat/history', 'delete'],
    ];
    for (const [path, method] of routes) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeTruthy();
    expect(doc.paths['/api/lessons/{id}/generate-content'].post.responses).toHaveProperty('429');
  });
});
