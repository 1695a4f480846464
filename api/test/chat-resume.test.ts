// A streamed chat answer that outlives its API instance and its worker: the turn is a chat-answer job whose
// progress any instance streams; a cut stream is followed again by the turn's id from another instance; a
// worker that dies mid-answer is replaced and the answer recorded (and counted) once; another learner's turn
// is refused. Runs on PGlite, and on PostgreSQL with DATABASE_URL (two connection pools, LISTEN/NOTIFY).
import { CHAT_LIMIT_MESSAGE } from '@mindpath/contracts/chat';
import { type OpenAiTestServer, startOpenAiServer } from '@mindpath/fake-openai';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiFromConfig } from '../src/ai/index.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { generationJobs, usageEvents } from '../src/db/schema.ts';
import { CHAT_ANSWER_JOB } from '../src/modules/chat/answer-job.ts';
import {
  appendProgress,
  claimJob,
  enqueueJob,
  findJob,
  markSucceeded,
} from '../src/modules/jobs/repository.ts';
import { createJobSignals } from '../src/modules/jobs/signals.ts';
import { createWorker } from '../src/modules/jobs/worker.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { applyDeltas, readSse, readSseUntil, type SseEvent } from './helpers/lessons.ts';

const ANSWER =
  'A loop repeats a block of code. A for loop walks over the items of a sequence, and a while loop runs as long as its condition holds.';

let server: OpenAiTestServer;
let env: Record<string, string>;
/** the first instance: it runs jobs itself (WORKER on), as `npm start` does */
let a: TestApp;
/** a second instance on the same database, WORKER=off, with its own connection pool on PostgreSQL */
let b: FastifyInstance;
let closeB: () => Promise<void>;
let baseA: string;
let baseB: string;

const aiFor = () =>
  createAiFromConfig(loadConfig(env), {
    retry: { maxRetries: 1, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 100 },
  });

beforeAll(async () => {
  server = await startOpenAiServer();
  env = { AI_BASE_URL: server.url, AI_API_KEY: 'k' };
  a = await createTestApp(env, { ai: aiFor() });
  baseA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  const database = a.database.url ? openPostgres(a.database.url) : a.database;
  b = await buildApp({
    config: { ...a.config, worker: { ...a.config.worker, inProcess: false } },
    database,
    ai: aiFor(),
  });
  baseB = await b.listen({ port: 0, host: '127.0.0.1' });
  closeB = async () => {
    await b.close();
    if (database !== a.database) await database.close();
  };
});
afterAll(async () => {
  await closeB();
  await a.close();
  await server.close();
});

const ask = (message: string, lessonId?: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ message, ...(lessonId ? { lessonId } : {}) }),
});
const deltasOf = (events: SseEvent[]) => events.filter((e) => e.type === 'delta');
const turnOf = (events: SseEvent[]) => events.find((e) => e.type === 'turn')?.id as string;

async function learner(app: FastifyInstance) {
  const l = await registerLearner(app);
  const id = (await app.inject({ url: '/api/user', headers: l.headers })).json().id as string;
  return { ...l, id };
}

const chatUses = (userId: string, db = a.database.db) =>
  db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, 'chat')));

const historyOf = async (app: FastifyInstance, headers: Record<string, string>) =>
  (await app.inject({ url: '/api/chat/history?take=100', headers })).json() as {
    messages: { role: string; content: string }[];
    total: number;
  };

describe('a streamed chat answer', () => {
  it('is a job that another instance follows, resuming a cut stream from where it was', async () => {
    server.reset();
    server.setFallback({ content: ANSWER, chunkDelayMs: 40 });
    const l = await learner(a.app);
    // instance A streams the answer; the connection is cut after two pieces (A "died" for this client)
    const cut = await readSseUntil(
      `${baseA}/api/chat/stream`,
      l.headers,
      ask('How do loops work?'),
      (events) => deltasOf(events).length >= 2,
    );
    expect(cut.status).toBe(200);
    expect(cut.events[0]).toMatchObject({ type: 'turn' });
    const id = turnOf(cut.events);
    const seen = applyDeltas(cut.events);
    expect(seen.length).toBeGreaterThan(0);
    expect(ANSWER.startsWith(seen)).toBe(true);
    expect(cut.events.some((e) => e.type === 'done')).toBe(false);
    expect(await findJob(a.database.db, id)).toMatchObject({
      kind: CHAT_ANSWER_JOB,
      userId: l.id,
      status: 'running',
      payload: expect.objectContaining({ question: 'How do loops work?' }),
    });

    // the page follows the same turn again through instance B: the text so far, then the rest, once
    const resumed = await readSse(`${baseB}/api/chat/stream/${id}`, l.headers);
    expect(resumed.status).toBe(200);
    expect(resumed.events[0]).toEqual(expect.objectContaining({ type: 'turn', id }));
    const [first] = deltasOf(resumed.events);
    expect(first).toMatchObject({ reset: true });
    expect((first!.text as string).startsWith(seen)).toBe(true);
    expect(deltasOf(resumed.events).filter((d) => d.reset)).toHaveLength(1);
    expect(applyDeltas(resumed.events)).toBe(ANSWER);
    expect(resumed.events.at(-1)).toEqual(
      expect.objectContaining({ type: 'done', response: ANSWER, source: 'model' }),
    );

    // once answered, the job keeps the answer, not the conversation it was given
    expect(await findJob(a.database.db, id)).toMatchObject({ status: 'succeeded', payload: {} });
    const history = await historyOf(b, l.headers);
    expect(history.messages.map((m) => m.content)).toEqual(['How do loops work?', ANSWER]);
    expect(await chatUses(l.id)).toHaveLength(1);
    expect(server.requests.filter((r) => r.path.includes('chat/completions'))).toHaveLength(1);
  });

  it('counts a free query once per turn, however often its stream is followed again', async () => {
    server.reset();
    server.setFallback({ content: ANSWER });
    const l = await learner(a.app);
    for (let i = 0; i < 4; i += 1) {
      const res = await a.api('POST', '/chat', l.headers, { message: `Question ${i}` });
      expect(res.statusCode).toBe(200);
    }
    const fifth = await readSse(`${baseA}/api/chat/stream`, l.headers, ask('The fifth'));
    expect(fifth.events.at(-1)).toMatchObject({ type: 'done', response: ANSWER });
    const id = turnOf(fifth.events);
    for (const base of [baseA, baseB]) {
      const again = await readSse(`${base}/api/chat/stream/${id}`, l.headers);
      expect(deltasOf(again.events)).toEqual([expect.objectContaining({ text: ANSWER, reset: true })]);
      expect(again.events.at(-1)).toMatchObject({ type: 'done', response: ANSWER });
    }
    expect(await chatUses(l.id)).toHaveLength(5);
    expect((await historyOf(a.app, l.headers)).total).toBe(10);
    const sixth = await a.api('POST', '/chat/stream', l.headers, { message: 'The sixth' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ message: CHAT_LIMIT_MESSAGE, currentCount: 5, maxRequests: 5 });
  });

  it("ends a turn that another turn's answer left over the free limit with the limit's message", async () => {
    server.reset();
    server.setFallback({ content: ANSWER, chunkDelayMs: 5 });
    const l = await learner(a.app);
    for (let i = 0; i < 4; i += 1) await a.api('POST', '/chat', l.headers, { message: `Question ${i}` });
    // both pass the check before they are answered; only one can be stored
    const both = await Promise.all([
      readSse(`${baseA}/api/chat/stream`, l.headers, ask('One')),
      readSse(`${baseB}/api/chat/stream`, l.headers, ask('Two')),
    ]);
    const ends = both.map(({ events }) => events.at(-1)!);
    expect(ends.filter((e) => e.type === 'done')).toHaveLength(1);
    expect(ends.filter((e) => e.type === 'error')).toEqual([
      expect.objectContaining({ message: CHAT_LIMIT_MESSAGE, code: 'PLAN_LIMIT' }),
    ]);
    expect(await chatUses(l.id)).toHaveLength(5);
    expect((await historyOf(a.app, l.headers)).total).toBe(10);
  });

  it("is refused for another learner's turn and for any other job", async () => {
    server.reset();
    server.setFallback({ content: ANSWER });
    const owner = await learner(a.app);
    const other = await learner(a.app);
    const { events } = await readSse(`${baseA}/api/chat/stream`, owner.headers, ask('Mine'));
    const id = turnOf(events);
    const lessonJob = await enqueueJob(a.database.db, {
      kind: 'lesson_content',
      target: crypto.randomUUID(),
      userId: owner.id,
    });
    for (const [who, turn] of [
      [other, id],
      [owner, lessonJob.job.id],
      [owner, crypto.randomUUID()],
    ] as const) {
      for (const app of [a.app, b]) {
        const res = await app.inject({ url: `/api/chat/stream/${turn}`, headers: who.headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ message: 'Chat answer not found' });
        expect(res.body).not.toContain(ANSWER);
      }
    }
  });
});

describe('a chat answer on an instance without a worker', () => {
  let c: TestApp;
  let baseC: string;

  beforeAll(async () => {
    // no worker in the API: the test plays the worker that dies, then starts the one that takes over
    c = await createTestApp({ ...env, WORKER: 'off' }, { ai: aiFor() });
    baseC = await c.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => c.close());

  it('is run at once by a worker elsewhere, which hears of it rather than waiting for its next poll', async () => {
    server.reset();
    server.setFallback({ content: ANSWER });
    // on PostgreSQL the worker has a connection pool of its own and hears the turn through NOTIFY (as a
    // worker process does); on PGlite, which one process owns, it shares the process's signals
    const database = c.database.url ? openPostgres(c.database.url) : null;
    const db = database?.db ?? c.database.db;
    const signals = database
      ? await createJobSignals(database.channel, (err) => c.app.log.warn({ err }))
      : c.app.jobs.signals;
    const worker = createWorker({
      db,
      handlers: c.app.jobs.handlers,
      log: c.app.log,
      pollMs: 60_000, // a poll would come after the test's timeout
      signals,
    });
    await worker.start();
    try {
      const l = await learner(c.app);
      const { events } = await readSse(`${baseC}/api/chat/stream`, l.headers, ask('Quick?'));
      expect(events.at(-1)).toMatchObject({ type: 'done', response: ANSWER });
    } finally {
      await worker.stop();
      if (database) {
        await signals.close();
        await database.close();
      }
    }
  });

  it('is answered again by another worker, followed without doubling, recorded and counted once', async () => {
    server.reset();
    server.setFallback({ content: ANSWER, chunkDelayMs: 20 });
    const db = c.database.db;
    const l = await learner(c.app);
    const asked = await readSseUntil(`${baseC}/api/chat/stream`, l.headers, ask('Loops?'), (events) =>
      events.some((e) => e.type === 'turn'),
    );
    const id = turnOf(asked.events);

    // a worker claims the turn, writes part of an answer and dies: running, heartbeat long stopped
    const dying = (await claimJob(db, id, [CHAT_ANSWER_JOB]))!;
    const partial = 'Loops are a way to';
    await appendProgress(db, dying, 0, partial);
    await db
      .update(generationJobs)
      .set({ heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(generationJobs.id, id));

    // the page follows the turn again; a second worker takes the stale job over and answers from the start
    const following = readSse(`${baseC}/api/chat/stream/${id}`, l.headers);
    await new Promise((r) => setTimeout(r, 300));
    const worker = createWorker({
      db,
      handlers: c.app.jobs.handlers,
      log: c.app.log,
      staleMs: 500,
      pollMs: 50,
      signals: c.app.jobs.signals,
    });
    await worker.start();
    const { events } = await following;
    await worker.stop();

    const deltas = deltasOf(events);
    expect(deltas[0]).toMatchObject({ text: partial, reset: true });
    // the restart replaces the partial text (reset) rather than adding to it
    const restart = deltas.findIndex((d, i) => i > 0 && d.reset);
    expect(restart).toBeGreaterThan(0);
    expect(ANSWER.startsWith(deltas[restart]!.text as string)).toBe(true);
    expect(applyDeltas(events)).toBe(ANSWER);
    expect(events.at(-1)).toMatchObject({ type: 'done', response: ANSWER });
    expect(await findJob(db, id)).toMatchObject({ status: 'succeeded', attempts: 2 });

    // the dead worker's claim can no longer finish the turn
    expect(await markSucceeded(db, dying, { response: 'late', source: 'model' })).toBe(false);
    const history = await historyOf(c.app, l.headers);
    expect(history.messages.map((m) => m.content)).toEqual(['Loops?', ANSWER]);
    expect(await chatUses(l.id, db)).toHaveLength(1);
  });
});
