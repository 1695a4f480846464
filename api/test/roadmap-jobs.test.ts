// Roadmap jobs against a real OpenAI-protocol server and across restarts: a provider failure is recorded
// with the UI's reason and costs no quota; the provider's roadmap is stored; a job interrupted by a crash
// is resumed by the next process.

import { type OpenAiTestServer, startOpenAiServer } from '@mindpath/fake-openai';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineProvider } from '../src/ai/offline/provider.ts';
import { createAi } from '../src/ai/service.ts';
import { buildApp } from '../src/app.ts';
import { generationJobs, usageEvents } from '../src/db/schema.ts';
import { createWorker } from '../src/modules/jobs/worker.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';

let server: OpenAiTestServer;
let t: TestApp;

beforeAll(async () => {
  server = await startOpenAiServer();
  t = await createTestApp({ AI_BASE_URL: server.url, AI_API_KEY: 'test-key', AI_MODEL: 'test-model' });
});
afterAll(async () => {
  await t.close();
  await server.close();
});

async function learnerWithGoal(app: FastifyInstance) {
  const l = await registerLearner(app);
  const id = (await app.inject({ url: '/api/user', headers: l.headers })).json().id as string;
  const goal = await app.inject({
    method: 'POST',
    url: '/api/goals',
    headers: l.headers,
    payload: { description: 'Beginner: Learn Rust', metadata: '{"level":"Beginner"}' },
  });
  expect(goal.statusCode).toBe(201);
  return { ...l, id, goalId: goal.json().id as string };
}

const start = (app: FastifyInstance, l: Awaited<ReturnType<typeof learnerWithGoal>>) =>
  app.inject({ method: 'POST', url: `/api/roadmaps/${l.id}/${l.goalId}`, headers: l.headers, payload: {} });
const waitFor = (app: FastifyInstance, l: Awaited<ReturnType<typeof learnerWithGoal>>) =>
  app
    .inject({ url: `/api/roadmaps/goal/${l.goalId}/generation?waitMs=30000`, headers: l.headers })
    .then((r) => r.json());

describe('a roadmap job on a configured provider', () => {
  it('records a provider failure with the reason the UI shows, and it costs no quota', async () => {
    server.reset();
    server.setFallback({ status: 401, error: 'bad key' });
    const l = await learnerWithGoal(t.app);
    expect((await start(t.app, l)).statusCode).toBe(202);
    const status = await waitFor(t.app, l);
    expect(status.isGenerating).toBe(false);
    expect(status.job).toMatchObject({
      status: 'failed',
      error: { reason: 'auth', message: 'The AI provider refused the credentials. Check AI_API_KEY.' },
    });
    const rows = await t.database.db
      .select()
      .from(usageEvents)
      .where(eq(usageEvents.kind, 'roadmap_generation'));
    expect(rows).toHaveLength(0);
    const data = (
      await t.app.inject({ url: `/api/learningplan/optimized-data/${l.goalId}`, headers: l.headers })
    ).json();
    expect(data.roadmaps).toEqual([]);

    // the free learner may try again at once: a new job, not a 429
    const again = await start(t.app, l);
    expect(again.statusCode).toBe(202);
    expect(again.json().job.id).not.toBe(status.job.id);
    await waitFor(t.app, l);
  });

  it("stores the provider's roadmap", async () => {
    const { data } = await createAi(createOfflineProvider()).generateRoadmap({
      goal: 'Learn Rust',
      level: 'Beginner',
      topics: [],
    });
    const { source: _source, ...generated } = data;
    server.reset();
    server.setFallback({ content: `Here it is:\n\`\`\`json\n${JSON.stringify(generated)}\n\`\`\`` });
    const l = await learnerWithGoal(t.app);
    await start(t.app, l);
    const status = await waitFor(t.app, l);
    expect(status.job, JSON.stringify(status.job.error)).toMatchObject({
      status: 'succeeded',
      result: { source: 'model' },
    });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer test-key');
    const data2 = (
      await t.app.inject({ url: `/api/learningplan/optimized-data/${l.goalId}`, headers: l.headers })
    ).json();
    expect(data2.roadmaps.map((r: { name: string; source: string }) => [r.name, r.source])).toEqual(
      generated.sections.map((s) => [s.name, 'model']),
    );
  });
});

describe('a goal deleted while its roadmap is queued', () => {
  it('fails the job with a reason instead of writing a roadmap for nobody', async () => {
    const paused = await createTestApp({ WORKER: 'off' });
    try {
      const l = await learnerWithGoal(paused.app);
      const started = (await start(paused.app, l)).json();
      expect(
        (await paused.app.inject({ method: 'DELETE', url: `/api/goals/${l.goalId}`, headers: l.headers }))
          .statusCode,
      ).toBe(204);
      const worker = createWorker({
        db: paused.database.db,
        handlers: paused.app.jobs.handlers,
        log: paused.app.log,
        pollMs: 20,
      });
      await worker.start();
      try {
        for (let i = 0; i < 200; i++) {
          const [row] = await paused.database.db
            .select()
            .from(generationJobs)
            .where(eq(generationJobs.id, started.job.id));
          if (row?.status === 'failed') {
            expect(row.error).toMatchObject({ reason: 'goal_deleted' });
            return;
          }
          await new Promise((r) => setTimeout(r, 25));
        }
        throw new Error('the job did not fail');
      } finally {
        await worker.stop();
      }
    } finally {
      await paused.close();
    }
  });
});

describe("the provider's question in the job", () => {
  it('is put in the payload at the POST; a job queued without it reads the goal when it runs', async () => {
    const { data } = await createAi(createOfflineProvider()).generateRoadmap({
      goal: 'Learn Rust',
      level: 'Beginner',
      topics: [],
    });
    const { source: _source, ...generated } = data;
    server.reset();
    server.setFallback({ content: JSON.stringify(generated) });
    const paused = await createTestApp({
      WORKER: 'off',
      AI_BASE_URL: server.url,
      AI_API_KEY: 'test-key',
      AI_MODEL: 'test-model',
    });
    try {
      const carried = await learnerWithGoal(paused.app);
      const older = await learnerWithGoal(paused.app);
      const jobOf = async (l: typeof carried) => (await start(paused.app, l)).json().job.id as string;
      const carriedJob = await jobOf(carried);
      const olderJob = await jobOf(older);
      const [row] = await paused.database.db
        .select()
        .from(generationJobs)
        .where(eq(generationJobs.id, carriedJob));
      expect(row?.payload).toEqual({
        topics: [],
        assessmentResults: null,
        goal: 'Learn Rust',
        level: 'Beginner',
        tier: 'free',
      });
      // as an API before this payload queued it
      await paused.database.db
        .update(generationJobs)
        .set({ payload: { topics: [], assessmentResults: null } })
        .where(eq(generationJobs.id, olderJob));
      // the goals are renamed after the POST: the carried job asks what was asked, the older one reads
      for (const l of [carried, older]) {
        const renamed = await paused.app.inject({
          method: 'PUT',
          url: `/api/goals/${l.goalId}`,
          headers: l.headers,
          payload: { description: 'Beginner: Learn Go' },
        });
        expect(renamed.statusCode, renamed.body).toBe(200);
      }
      const worker = createWorker({
        db: paused.database.db,
        handlers: paused.app.jobs.handlers,
        log: paused.app.log,
        pollMs: 20,
      });
      await worker.start();
      try {
        for (const l of [carried, older]) {
          const status = (
            await paused.app.inject({
              url: `/api/roadmaps/goal/${l.goalId}/generation?waitMs=30000`,
              headers: l.headers,
            })
          ).json();
          expect(status.job.status, JSON.stringify(status.job.error)).toBe('succeeded');
        }
      } finally {
        await worker.stop();
      }
      const asked = server.requests.map((r) => JSON.stringify(r.body.messages));
      expect(asked).toHaveLength(2);
      expect(asked.filter((m) => m.includes('Learn Rust'))).toHaveLength(1);
      expect(asked.filter((m) => m.includes('Learn Go'))).toHaveLength(1);
    } finally {
      await paused.close();
    }
  });
});

describe('restart', () => {
  it('resumes a job a crashed process left running', async () => {
    const first = await createTestApp({ WORKER: 'off' });
    try {
      const l = await learnerWithGoal(first.app);
      const started = (await start(first.app, l)).json();
      expect(started.job.status).toBe('queued');
      // the process claimed it and died mid-generation: running, heartbeat long gone
      await first.database.db
        .update(generationJobs)
        .set({ status: 'running', attempts: 1, heartbeatAt: sql`now() - interval '1 hour'` })
        .where(eq(generationJobs.id, started.job.id));
      await first.app.close();

      const second = await buildApp({
        config: { ...first.config, worker: { ...first.config.worker, inProcess: true, staleMs: 30_000 } },
        database: first.database,
      });
      await second.ready();
      try {
        const status = await waitFor(second, l);
        expect(status.job).toMatchObject({ id: started.job.id, status: 'succeeded', attempts: 2 });
        const data = (
          await second.inject({ url: `/api/learningplan/optimized-data/${l.goalId}`, headers: l.headers })
        ).json();
        expect(data.roadmaps.length).toBeGreaterThanOrEqual(4);
      } finally {
        await second.close();
      }
    } finally {
      await first.database.dispose();
    }
  });
});
