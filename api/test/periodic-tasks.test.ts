// Periodic work on a server that runs for months: finished generation jobs are deleted once past their
// retention, in batches, by a task of the worker's registry that runs once across all the instances sharing
// the database (its advisory lock, then its period); a WORKER=off instance runs none; the media sweep of
// deleted lessons runs from the same registry. On PGlite and on PostgreSQL (DATABASE_URL).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openPostgres } from '../src/db/client.ts';
import { generationJobProgress, generationJobs, periodicTaskRuns } from '../src/db/schema.ts';
import { CHAT_ANSWER_JOB } from '../src/modules/chat/answer-job.ts';
import { type PeriodicTask, runPeriodicTask } from '../src/modules/jobs/periodic.ts';
import {
  appendProgress,
  claimJob,
  deleteFinishedJobs,
  enqueueJob,
  markFailed,
  markSucceeded,
} from '../src/modules/jobs/repository.ts';
import { jobRetentionTask } from '../src/modules/jobs/retention.ts';
import { findUserByEmail } from '../src/modules/users/repository.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { openTestDatabase } from './helpers/database.ts';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

let t: TestApp;
let userId: string;
let headers: Record<string, string>;

beforeAll(async () => {
  // WORKER=off: nothing runs the tasks or the jobs behind the tests' backs
  t = await createTestApp({ WORKER: 'off' });
  const learner = await registerLearner(t.app);
  userId = (await findUserByEmail(t.database.db, learner.email))!.id;
  headers = learner.headers;
});
afterAll(() => t.close());

type JobState = 'queued' | 'running' | 'succeeded' | 'failed';

/** A job of `state` whose last change was `ageMs` ago, with a piece of streamed progress when it ran. */
async function jobOf(db: Database['db'], state: JobState, ageMs: number, kind = 'test') {
  const { job } = await enqueueJob(db, { kind, target: randomUUID(), userId });
  if (state !== 'queued') {
    const claimed = (await claimJob(db, job.id, [kind]))!;
    await appendProgress(db, claimed, 0, 'Some streamed text');
    if (state === 'succeeded') await markSucceeded(db, claimed, { ok: true });
    if (state === 'failed') await markFailed(db, claimed, { reason: 'x', message: 'failed' });
  }
  const at = sql`now() - make_interval(secs => ${ageMs / 1000})`;
  await db
    .update(generationJobs)
    .set({
      createdAt: at,
      updatedAt: at,
      ...(state === 'succeeded' || state === 'failed' ? { finishedAt: at } : {}),
    })
    .where(eq(generationJobs.id, job.id));
  return job.id;
}

async function remaining(db: Database['db'], ids: string[]) {
  const rows = await db
    .select({ id: generationJobs.id })
    .from(generationJobs)
    .where(inArray(generationJobs.id, ids));
  return new Set(rows.map((r) => r.id));
}

describe('job retention', () => {
  it('deletes finished jobs past the age with their progress; live and recent ones stay', async () => {
    const db = t.database.db;
    const old = [await jobOf(db, 'succeeded', WEEK_MS + DAY_MS), await jobOf(db, 'failed', 30 * DAY_MS)];
    const kept = [
      await jobOf(db, 'succeeded', WEEK_MS - DAY_MS),
      await jobOf(db, 'failed', 60_000),
      // live jobs are never retention's, however old
      await jobOf(db, 'queued', 30 * DAY_MS),
      await jobOf(db, 'running', 30 * DAY_MS),
    ];
    const outcome = await runPeriodicTask(t.database, jobRetentionTask(db, WEEK_MS));
    expect(outcome).toEqual({ ran: true, did: { removed: 2 } });
    expect(await remaining(db, [...old, ...kept])).toEqual(new Set(kept));
    const pieces = await db
      .select({ jobId: generationJobProgress.jobId })
      .from(generationJobProgress)
      .where(inArray(generationJobProgress.jobId, old));
    expect(pieces).toEqual([]);
  });

  it('deletes in batches, oldest first, until none is left', async () => {
    const db = t.database.db;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await jobOf(db, 'succeeded', WEEK_MS + (5 - i) * DAY_MS));
    // one statement deletes one batch: the two that finished first
    expect(await deleteFinishedJobs(db, WEEK_MS, 2)).toBe(2);
    expect(await remaining(db, ids)).toEqual(new Set(ids.slice(2)));
    // the task goes on batch after batch
    await db.delete(periodicTaskRuns);
    const outcome = await runPeriodicTask(t.database, jobRetentionTask(db, WEEK_MS, 2));
    expect(outcome).toEqual({ ran: true, did: { removed: 3 } });
    expect(await remaining(db, ids)).toEqual(new Set());
  });

  it('a chat turn past retention: its stream answered until then, 404 once its job is gone', async () => {
    const id = await jobOf(t.database.db, 'succeeded', WEEK_MS + DAY_MS, CHAT_ANSWER_JOB);
    const before = await t.api('GET', `/chat/stream/${id}`, headers);
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('event: done');
    await deleteFinishedJobs(t.database.db, WEEK_MS, 100);
    expect((await t.api('GET', `/chat/stream/${id}`, headers)).statusCode).toBe(404);
  });

  it('JOB_RETENTION_DAYS sets the age (decimals allowed, at least a minute); 7 days by default', () => {
    expect(loadConfig({}).worker.retentionMs).toBe(WEEK_MS);
    expect(loadConfig({ JOB_RETENTION_DAYS: '0.5' }).worker.retentionMs).toBe(DAY_MS / 2);
    expect(() => loadConfig({ JOB_RETENTION_DAYS: '0' })).toThrow(/JOB_RETENTION_DAYS/);
  });
});

describe('a periodic task across instances', () => {
  /** A second instance's connection to the same database: its own pool on PostgreSQL, PGlite's one session. */
  async function secondInstance(): Promise<Database> {
    if (!t.database.url) return t.database;
    return openPostgres(t.database.url);
  }

  it('runs on one instance at a time (the advisory lock), then once per period', async () => {
    const other = await secondInstance();
    try {
      const name = `test-${randomUUID()}`;
      let release!: () => void;
      const held = new Promise<void>((r) => {
        release = r;
      });
      let runs = 0;
      const task = (wait?: Promise<void>): PeriodicTask => ({
        name,
        everyMs: 3_600_000,
        run: async () => {
          runs += 1;
          await wait;
          return {};
        },
      });
      let started!: () => void;
      const running = new Promise<void>((r) => {
        started = r;
      });
      const first = runPeriodicTask(t.database, {
        ...task(held),
        run: async () => {
          started();
          return task(held).run();
        },
      });
      await running;
      // the first instance holds the task's lock: the second does not run it
      expect(await runPeriodicTask(other, task())).toEqual({ ran: false, why: 'busy' });
      release();
      expect(await first).toEqual({ ran: true, did: {} });
      // it ran less than a period ago, on the other instance: not again
      expect(await runPeriodicTask(other, task())).toEqual({ ran: false, why: 'recent' });
      expect(runs).toBe(1);
      // a period later, whichever instance comes first runs it
      await t.database.db
        .update(periodicTaskRuns)
        .set({ lastRunAt: sql`now() - interval '2 hours'` })
        .where(eq(periodicTaskRuns.name, name));
      expect(await runPeriodicTask(other, task())).toEqual({ ran: true, did: {} });
      expect(runs).toBe(2);
    } finally {
      if (other !== t.database) await other.close();
    }
  });
});

describe('the worker runs the registry', () => {
  /**
   * An app over its own database with an old finished job and the media of a deleted lesson, put there by a
   * WORKER=off instance before it starts.
   */
  async function appOnce(env: Record<string, string>) {
    const root = mkdtempSync(join(tmpdir(), 'mindpath-periodic-'));
    const database = await openTestDatabase();
    const config = (more: Record<string, string>) =>
      loadConfig({
        DATA_DIR: join(root, 'data'),
        SHELL_DIST: join(root, 'shell'),
        DEPLOY_DIR: join(root, 'deploy'),
        JWT_SECRET: 'periodic-tasks-test-secret-of-32-characters',
        LOG_LEVEL: 'silent',
        ...more,
      });
    const seeder = await buildApp({ config: config({ WORKER: 'off' }), database });
    const learner = await registerLearner(seeder);
    const owner = (await findUserByEmail(database.db, learner.email))!.id;
    const { job } = await enqueueJob(database.db, { kind: 'test', target: randomUUID(), userId: owner });
    await database.db
      .update(generationJobs)
      .set({ status: 'succeeded', finishedAt: sql`now() - interval '30 days'` })
      .where(eq(generationJobs.id, job.id));
    const orphan = `lessons/${randomBytes(16).toString('hex')}.svg`;
    await seeder.media.save(orphan, '<svg/>');
    await seeder.close();
    const app = await buildApp({ config: config(env), database });
    return {
      database,
      app,
      job: job.id,
      orphan,
      async ranTasks() {
        const rows = await database.db.select({ name: periodicTaskRuns.name }).from(periodicTaskRuns);
        return rows.map((r) => r.name).sort();
      },
      async dispose() {
        await database.dispose();
        rmSync(root, { recursive: true, force: true });
      },
    };
  }

  it("in the API process: the jobs' and accounts' retention and the media, source-file and export sweeps run at start", async () => {
    const a = await appOnce({});
    const tasks = [
      'account-retention',
      'data-exports-sweep',
      'job-retention',
      'lesson-media-sweep',
      'source-files-sweep',
    ];
    try {
      expect(
        a.app.jobs.periodic
          .list()
          .map((p) => p.name)
          .sort(),
      ).toEqual(tasks);
      await a.app.ready();
      await a.app.close();
      expect(await a.ranTasks()).toEqual(tasks);
      expect(await remaining(a.database.db, [a.job])).toEqual(new Set());
      expect(await a.app.media.stat(a.orphan)).toBeNull();
    } finally {
      await a.dispose();
    }
  });

  it('not on a WORKER=off instance', async () => {
    const a = await appOnce({ WORKER: 'off' });
    try {
      await a.app.ready();
      await a.app.close();
      expect(await a.ranTasks()).toEqual([]);
      expect(await remaining(a.database.db, [a.job])).toEqual(new Set([a.job]));
      expect(await a.app.media.stat(a.orphan)).not.toBeNull();
    } finally {
      await a.dispose();
    }
  });
});
