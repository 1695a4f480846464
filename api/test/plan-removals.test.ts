// What a removal meets on its way: a removed lesson's media swept by the hourly task before its Undo (the
// lesson forgets the files and makes them again when opened), its content's versions, and generation jobs of a lesson or milestone
// removed while they were queued or running, which fail with their reason rather than crash the worker.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generationJobs, lessonVersions } from '../src/db/schema.ts';
import type { JobRow } from '../src/modules/jobs/repository.ts';
import { createWorker, JobFailure } from '../src/modules/jobs/worker.ts';
import { sweepLessonMedia } from '../src/modules/lessons/media.ts';
import { mediaNameOf } from '../src/modules/media/store.ts';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { createTestApp, type Headers, type TestApp } from './helpers/app.ts';
import { learnerWithPlan, learnerWithRoadmap } from './helpers/lessons.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function ok(
  app: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  body?: object,
) {
  const res = await app.api(method, url, headers, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

async function withContent(app: TestApp, headers: Headers, id: string) {
  await ok(app, 'POST', `/lessons/${id}/generate-content`, headers);
  expect((await ok(app, 'GET', `/lessons/${id}/content-status?waitMs=20000`, headers)).job.status).toBe(
    'succeeded',
  );
}

const fileOf = (url: string) => mediaNameOf(new URL(url, 'http://x').pathname);

describe("a removed lesson's media", () => {
  it('is kept while the files are there, and forgotten when the sweep took them, to be made again', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    await withContent(t, l.headers, id);
    const image = (await ok(t, 'POST', `/lessons/${id}/generate-image`, l.headers)).imageUrl as string;
    const audio = (await ok(t, 'POST', `/lessons/${id}/generate-audio`, l.headers)).audioUrl as string;
    let version = 0;
    const edit = async (method: 'POST' | 'DELETE', url: string, body?: object) => {
      version = (await ok(t, method, url, l.headers, body)).version;
    };
    const undo = () => edit('POST', `/roadmaps/goal/${l.goalId}/edits/undo`, { version });

    // removed and back before the sweep: the same files
    await edit('DELETE', `/roadmaps/items/${id}?version=${version}`);
    await undo();
    let lesson = await ok(t, 'GET', `/lessons/${id}`, l.headers);
    expect(fileOf(lesson.imageUrl)).toBe(fileOf(image));
    expect(lesson).toMatchObject({ hasAudio: true });
    expect(await t.app.media.stat(fileOf(image))).not.toBeNull();

    // removed, then the hourly sweep finds files of no lesson and takes them
    await edit('DELETE', `/roadmaps/items/${id}?version=${version}`);
    expect(await sweepLessonMedia(t.database.db, t.app.media)).toBeGreaterThanOrEqual(2);
    expect(await t.app.media.stat(fileOf(image))).toBeNull();
    expect(await t.app.media.stat(fileOf(audio))).toBeNull();
    await undo();
    lesson = await ok(t, 'GET', `/lessons/${id}`, l.headers);
    expect(lesson).toMatchObject({ imageUrl: null, audioUrl: null, hasAudio: false });
    expect(lesson.content).toEqual(expect.any(String));
    // made again when asked for
    const again = await ok(t, 'POST', `/lessons/${id}/generate-image`, l.headers);
    expect(await t.app.media.stat(fileOf(again.imageUrl))).not.toBeNull();
  });
});

describe("a removed lesson's content versions", () => {
  it('go with it and come back with its Undo, to the microsecond', async () => {
    const l = await learnerWithRoadmap(t.app, t.database.db, 2, 2);
    const id = l.lessonIds[0]!;
    // written straight to the database: what a regeneration keeps of the content before it
    await t.database.db.insert(lessonVersions).values([
      { userId: l.userId, lessonId: id, version: 1, content: '# First', contentSource: 'offline' },
      {
        userId: l.userId,
        lessonId: id,
        version: 2,
        content: '# Second',
        instruction: 'Shorter',
        isCurrent: true,
      },
    ]);
    const versions = () =>
      t.database.db
        .select({ json: sql<string>`to_jsonb(${lessonVersions})::text` })
        .from(lessonVersions)
        .where(eq(lessonVersions.lessonId, id))
        .orderBy(lessonVersions.version);
    const before = await versions();
    expect(before).toHaveLength(2);
    const { version } = await ok(t, 'DELETE', `/roadmaps/items/${id}?version=0`, l.headers);
    expect(await versions()).toEqual([]);
    await ok(t, 'POST', `/roadmaps/goal/${l.goalId}/edits/undo`, l.headers, { version });
    expect(await versions()).toEqual(before);
  });
});

describe('generation jobs of what was removed', () => {
  it('fail with the reason, queued for a removed lesson or milestone, and the worker goes on', async () => {
    const paused = await createTestApp({ WORKER: 'off' });
    try {
      // no worker runs the roadmap's generation here: the plan is written straight to the database
      const l = await learnerWithRoadmap(paused.app, paused.database.db, 2, 3);
      const { email } = await ok(paused, 'GET', '/user', l.headers);
      await setTierByEmail(paused.database.db, email, 'pro');
      // a lesson's content queued, then the lesson removed
      const lessonId = l.lessonIds[0]!;
      const content = (await ok(paused, 'POST', `/lessons/${lessonId}/generate-content`, l.headers)).job;
      let version = (await ok(paused, 'DELETE', `/roadmaps/items/${lessonId}?version=0`, l.headers)).version;
      // a new milestone's lessons queued, then the milestone removed
      version = (
        await ok(paused, 'POST', `/roadmaps/goal/${l.goalId}/sections`, l.headers, { name: 'Extra', version })
      ).version;
      const plan = await ok(paused, 'GET', `/learningplan/optimized-data/${l.goalId}`, l.headers);
      const extra = plan.roadmaps.at(-1).id as string;
      const lessons = (await ok(paused, 'POST', `/roadmaps/${extra}/generate-lessons`, l.headers, {})).job;
      await ok(paused, 'DELETE', `/roadmaps/${extra}?version=${version}`, l.headers);
      // and a job of a lesson still there, which the worker runs after them
      const kept = l.lessonIds[1]!;
      const keptJob = (await ok(paused, 'POST', `/lessons/${kept}/generate-content`, l.headers)).job;

      const worker = createWorker({
        db: paused.database.db,
        handlers: paused.app.jobs.handlers,
        log: paused.app.log,
        pollMs: 20,
      });
      await worker.start();
      try {
        const ended = async (id: string) => {
          for (let i = 0; i < 400; i++) {
            const [row] = await paused.database.db
              .select()
              .from(generationJobs)
              .where(eq(generationJobs.id, id));
            if (row?.status === 'failed' || row?.status === 'succeeded') return row;
            await new Promise((r) => setTimeout(r, 25));
          }
          throw new Error(`job ${id} did not end`);
        };
        expect(await ended(content.id)).toMatchObject({
          status: 'failed',
          error: { reason: 'lesson_deleted' },
        });
        expect(await ended(lessons.id)).toMatchObject({
          status: 'failed',
          error: { reason: 'section_deleted' },
        });
        expect(await ended(keptJob.id)).toMatchObject({ status: 'succeeded' });
      } finally {
        await worker.stop();
      }
    } finally {
      await paused.close();
    }
  });

  it('fail with the reason when the lesson or milestone goes while they run (before their result is written)', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const [lessonId, chatLessonId] = l.lessonIds as [string, string];
    let version = 0;
    const edit = async (method: 'POST' | 'DELETE', url: string, body?: object) => {
      version = (await ok(t, method, url, l.headers, body)).version;
    };
    await edit('POST', `/roadmaps/goal/${l.goalId}/sections`, { name: 'Extra', version });
    const plan = await ok(t, 'GET', `/learningplan/optimized-data/${l.goalId}`, l.headers);
    const extra = plan.roadmaps.at(-1).id as string;

    const job = (kind: string, target: string, payload: Record<string, unknown> = {}) =>
      ({
        id: randomUUID(),
        kind,
        target,
        userId: l.id,
        status: 'running',
        attempts: 1,
        payload,
        error: null,
        result: null,
        createdAt: new Date(),
        updatedAt: new Date(),
        startedAt: new Date(),
        heartbeatAt: new Date(),
        finishedAt: null,
      }) satisfies JobRow;
    const context = { signal: new AbortController().signal, progress: async () => {} };
    const handlers = t.app.jobs.handlers;
    const outcomes = [
      [await handlers['lesson-content']!(job('lesson-content', lessonId), context), 'lesson_deleted'],
      [await handlers['section-lessons']!(job('section-lessons', extra), context), 'section_deleted'],
      [
        await handlers['chat-answer']!(
          job('chat-answer', randomUUID(), {
            lessonId: chatLessonId,
            pro: true,
            input: { messages: [{ role: 'user', content: 'What is a variable?' }] },
            question: 'What is a variable?',
          }),
          context,
        ),
        'CHAT_LESSON_GONE',
      ],
    ] as const;
    await edit('DELETE', `/roadmaps/items/${lessonId}?version=${version}`);
    await edit('DELETE', `/roadmaps/items/${chatLessonId}?version=${version}`);
    await edit('DELETE', `/roadmaps/${extra}?version=${version}`);
    for (const [outcome, reason] of outcomes) {
      const failure = await t.database.db
        .transaction((tx) => outcome.apply!(tx))
        .catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(JobFailure);
      expect((failure as JobFailure).reason).toBe(reason);
    }
    // nothing was written for them: the chat has no turn, and Undo brings the lessons back as they were
    await edit('POST', `/roadmaps/goal/${l.goalId}/edits/undo`, { version });
    await edit('POST', `/roadmaps/goal/${l.goalId}/edits/undo`, { version });
    const chat = await ok(t, 'GET', `/chat/history?lessonId=${chatLessonId}`, l.headers);
    expect(chat.messages).toEqual([]);
    expect((await ok(t, 'GET', `/lessons/${chatLessonId}`, l.headers)).content).toBeNull();
  });
});
