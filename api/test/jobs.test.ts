// The job queue and worker over the real database: dedupe of live jobs, claiming with SKIP LOCKED by
// concurrent workers, failures recorded with their reason, re-queueing of jobs whose worker died, progress
// stored as appended pieces.

import type { GenerationJob } from '@mindpath/contracts/jobs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiError } from '../src/ai/errors.ts';
import { generationJobProgress, generationJobs } from '../src/db/schema.ts';
import {
  appendProgress,
  claimJob,
  claimNextJob,
  enqueueJob,
  findJob,
  readProgress,
  releaseJob,
  requeueStaleJobs,
} from '../src/modules/jobs/repository.ts';
import { waitForJob } from '../src/modules/jobs/service.ts';
import { createJobSignals } from '../src/modules/jobs/signals.ts';
import { createWorker, JobFailure, type JobHandler } from '../src/modules/jobs/worker.ts';
import { findUserByEmail } from '../src/modules/users/repository.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';

let t: TestApp;
let userId: string;
let ownerHeaders: Record<string, string>;
let n = 0;
const target = () => `target-${++n}-${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp({ WORKER: 'off' });
  const learner = await registerLearner(t.app);
  userId = (await findUserByEmail(t.database.db, learner.email))!.id;
  ownerHeaders = learner.headers;
});
afterAll(() => t.close());

async function until<T>(fn: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const finished = (id: string) => async () => {
  const job = await findJob(t.database.db, id);
  return job && (job.status === 'succeeded' || job.status === 'failed') ? job : undefined;
};

function worker(
  handlers: Record<string, JobHandler>,
  extra: Partial<Parameters<typeof createWorker>[0]> = {},
) {
  return createWorker({ db: t.database.db, handlers, log: t.app.log, pollMs: 20, ...extra });
}

describe('enqueueJob', () => {
  it('answers the live job for the same kind and target, even when called concurrently', async () => {
    const tg = target();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => enqueueJob(t.database.db, { kind: 'test', target: tg, userId })),
    );
    const ids = new Set(results.map((r) => r.job.id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
  });

  it('creates a new job once the previous one finished', async () => {
    const tg = target();
    const first = await enqueueJob(t.database.db, { kind: 'test2', target: tg, userId });
    await t.database.db
      .update(generationJobs)
      .set({ status: 'failed' })
      .where(eq(generationJobs.id, first.job.id));
    const second = await enqueueJob(t.database.db, { kind: 'test2', target: tg, userId });
    expect(second.created).toBe(true);
    expect(second.job.id).not.toBe(first.job.id);
  });
});

describe('claimNextJob', () => {
  it('hands each queued job to exactly one of several concurrent claimers', async () => {
    const kind = `claim-${target()}`;
    for (let i = 0; i < 6; i++) await enqueueJob(t.database.db, { kind, target: `${i}`, userId });
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimNextJob(t.database.db, [kind])));
    const got = claims.filter((c) => c !== undefined);
    expect(got).toHaveLength(6);
    expect(new Set(got.map((j) => j.id)).size).toBe(6);
    expect(got.every((j) => j.status === 'running' && j.attempts === 1)).toBe(true);
  });
});

describe('worker', () => {
  it('runs a job, applies its product and the success in one transaction', async () => {
    const kind = `ok-${target()}`;
    const w = worker({ [kind]: async (job) => ({ result: { echoed: job.target } }) });
    await w.start();
    try {
      const { job } = await enqueueJob(t.database.db, { kind, target: 'x', userId });
      w.wake();
      const done = await until(finished(job.id));
      expect(done).toMatchObject({ status: 'succeeded', result: { echoed: 'x' }, error: null, attempts: 1 });
      expect(done.finishedAt).toBeInstanceOf(Date);
    } finally {
      await w.stop();
    }
  });

  it('claims a queued job when woken, not at its next poll', async () => {
    const kind = `woken-${target()}`;
    // an hour's poll: only the wake can get these jobs claimed within the test
    const w = worker({ [kind]: async (job) => ({ result: { echoed: job.target } }) }, { pollMs: 3_600_000 });
    await w.start();
    try {
      // the first comes while the loops' first claims may still be under way, the second once they sleep
      for (const tg of ['first', 'second']) {
        const { job } = await enqueueJob(t.database.db, { kind, target: tg, userId });
        w.wake();
        expect(await until(finished(job.id))).toMatchObject({ status: 'succeeded', result: { echoed: tg } });
      }
    } finally {
      await w.stop();
    }
  });

  it('runs a job enqueued claimed for it at once, with no claim of its own', async () => {
    const kind = `claimed-${target()}`;
    // an hour's poll and no wake: only runClaimed can run it within the test
    const w = worker({ [kind]: async (job) => ({ result: { echoed: job.target } }) }, { pollMs: 3_600_000 });
    await w.start();
    try {
      const { job, created } = await enqueueJob(t.database.db, { kind, target: 'c', userId, claim: true });
      expect(created).toBe(true);
      expect(job).toMatchObject({ status: 'running', attempts: 1 });
      expect(job.startedAt).toBeInstanceOf(Date);
      expect(job.heartbeatAt).toBeInstanceOf(Date);
      // a live claimed job is joined like a queued one
      const again = await enqueueJob(t.database.db, { kind, target: 'c', userId, claim: true });
      expect(again).toMatchObject({ created: false, job: { id: job.id } });
      await w.runClaimed(job);
      expect(await findJob(t.database.db, job.id)).toMatchObject({
        status: 'succeeded',
        attempts: 1,
        result: { echoed: 'c' },
      });
    } finally {
      await w.stop();
    }
  });

  it('gives a job enqueued claimed back to the queue when its worker stopped meanwhile', async () => {
    const kind = `claimed-stopped-${target()}`;
    const w = worker({ [kind]: async () => ({ result: null }) });
    await w.start();
    const { job } = await enqueueJob(t.database.db, { kind, target: 'c', userId, claim: true });
    await w.stop();
    await w.runClaimed(job);
    expect(await findJob(t.database.db, job.id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('records an AI failure with the message the UI shows', async () => {
    const kind = `ai-fail-${target()}`;
    const w = worker({
      [kind]: async () => {
        throw new AiError('timeout', 'provider took 60 s', { task: 'content' });
      },
    });
    await w.start();
    try {
      const { job } = await enqueueJob(t.database.db, { kind, target: 'y', userId });
      const done = await until(finished(job.id));
      expect(done.status).toBe('failed');
      expect(done.error).toMatchObject({ reason: 'timeout', message: 'Content generation timeout' });
    } finally {
      await w.stop();
    }
  });

  it('records a job failure reason, and hides the details of unexpected errors', async () => {
    const k1 = `fail1-${target()}`;
    const k2 = `fail2-${target()}`;
    const w = worker({
      [k1]: async () => {
        throw new JobFailure('goal_deleted', 'The goal was deleted.');
      },
      [k2]: async () => {
        throw new Error('SELECT secret FROM internals');
      },
    });
    await w.start();
    try {
      const a = await enqueueJob(t.database.db, { kind: k1, target: 'z', userId });
      const b = await enqueueJob(t.database.db, { kind: k2, target: 'z', userId });
      expect((await until(finished(a.job.id))).error).toEqual({
        reason: 'goal_deleted',
        message: 'The goal was deleted.',
      });
      const err = (await until(finished(b.job.id))).error;
      expect(err).toEqual({ reason: 'internal', message: 'The generation failed. Please try again.' });
    } finally {
      await w.stop();
    }
  });

  it('re-queues on start a job left running by a worker that died, and completes it', async () => {
    const kind = `resume-${target()}`;
    const { job } = await enqueueJob(t.database.db, { kind, target: 'r', userId });
    // a worker claimed it and died: running, no heartbeat for an hour
    await claimNextJob(t.database.db, [kind]);
    await t.database.db
      .update(generationJobs)
      .set({ heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(generationJobs.id, job.id));
    const w = worker({ [kind]: async () => ({ result: 'resumed' }) });
    await w.start();
    try {
      const done = await until(finished(job.id));
      expect(done).toMatchObject({ status: 'succeeded', result: 'resumed', attempts: 2 });
    } finally {
      await w.stop();
    }
  });

  it('gives a running job back to the queue, attempt uncounted, when it stops', async () => {
    const kind = `shutdown-${target()}`;
    const w = worker({
      [kind]: (_job, { signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new AiError('aborted', 'cancelled')));
        }),
    });
    await w.start();
    const { job } = await enqueueJob(t.database.db, { kind, target: 's', userId });
    await until(async () => (await findJob(t.database.db, job.id))?.status === 'running');
    await w.stop();
    expect(await findJob(t.database.db, job.id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      error: null,
    });
  });

  it('leaves a job with a fresh heartbeat alone, and fails one interrupted too many times', async () => {
    const kind = `stale-${target()}`;
    const live = await enqueueJob(t.database.db, { kind, target: 'live', userId });
    const dead = await enqueueJob(t.database.db, { kind, target: 'dead', userId });
    await claimNextJob(t.database.db, [kind]);
    await claimNextJob(t.database.db, [kind]);
    await t.database.db
      .update(generationJobs)
      .set({ attempts: 3, heartbeatAt: sql`now() - interval '1 hour'` })
      .where(eq(generationJobs.id, dead.job.id));
    await requeueStaleJobs(t.database.db, 30_000, 3);
    expect((await findJob(t.database.db, live.job.id))?.status).toBe('running');
    expect(await findJob(t.database.db, dead.job.id)).toMatchObject({
      status: 'failed',
      error: { reason: 'interrupted' },
    });
  });

  it('drops the result of a claim it no longer holds', async () => {
    const kind = `taken-${target()}`;
    const { job } = await enqueueJob(t.database.db, { kind, target: 't', userId });
    let applied = false;
    const w = worker({
      [kind]: async (claimed) => {
        // meanwhile the job was re-queued and claimed again by another worker (attempts moved on)
        await t.database.db
          .update(generationJobs)
          .set({ attempts: claimed.attempts + 1 })
          .where(eq(generationJobs.id, claimed.id));
        return {
          result: 'late',
          apply: async () => {
            applied = true;
          },
        };
      },
    });
    await w.start();
    try {
      await until(async () => (await findJob(t.database.db, job.id))?.attempts === 2);
      await new Promise((r) => setTimeout(r, 100));
      const row = await findJob(t.database.db, job.id);
      expect(row?.status).toBe('running');
      expect(row?.result).toBeNull();
      expect(applied).toBe(false);
    } finally {
      await w.stop();
    }
  });
});

describe('progress', () => {
  const pieces = (jobId: string) =>
    t.database.db
      .select({
        attempt: generationJobProgress.attempt,
        at: generationJobProgress.at,
        text: generationJobProgress.text,
      })
      .from(generationJobProgress)
      .where(eq(generationJobProgress.jobId, jobId))
      .orderBy(generationJobProgress.at);

  it('stores what follows the text already stored, so a text costs its own length', async () => {
    const kind = `progress-${target()}`;
    const w = worker({
      [kind]: async (_job, { progress }) => {
        for (const text of ['A loop', 'A loop repeats', 'A loop repeats', 'A loop repeats a block.'])
          await progress(text);
        return { result: null };
      },
    });
    await w.start();
    try {
      const { job } = await enqueueJob(t.database.db, { kind, target: 'p', userId });
      const done = await until(finished(job.id));
      expect(await pieces(job.id)).toEqual([
        { attempt: 1, at: 0, text: 'A loop' },
        { attempt: 1, at: 6, text: ' repeats' },
        { attempt: 1, at: 14, text: ' a block.' },
      ]);
      expect(await readProgress(t.database.db, done)).toBe('A loop repeats a block.');
      expect(await readProgress(t.database.db, done, 6)).toBe(' repeats a block.');
      // another attempt's text is its own
      expect(await readProgress(t.database.db, { id: job.id, attempts: 2 })).toBe('');
    } finally {
      await w.stop();
    }
  });

  it('is refused to a claim no longer held, and goes with a claim given back', async () => {
    const { job } = await enqueueJob(t.database.db, { kind: `release-${target()}`, target: 'r', userId });
    const claim = (await claimJob(t.database.db, job.id, [job.kind]))!;
    expect(await appendProgress(t.database.db, claim, 0, 'Half an')).toBe(true);
    expect(await appendProgress(t.database.db, { ...claim, attempts: 7 }, 7, ' answer')).toBe(false);
    expect(await releaseJob(t.database.db, claim)).toBe(true);
    // the next claim has the same attempt number and writes from the start
    expect(await pieces(job.id)).toEqual([]);
    const again = (await claimJob(t.database.db, job.id, [job.kind]))!;
    expect(again.attempts).toBe(claim.attempts);
    expect(await appendProgress(t.database.db, again, 0, 'Whole')).toBe(true);
    expect(await readProgress(t.database.db, again)).toBe('Whole');
  });
});

describe('waitForJob', () => {
  it('reads the job again at its change signal rather than at the next tick', async () => {
    const signals = await createJobSignals(undefined, (err) => {
      throw err;
    });
    const states = ['queued', 'running', 'succeeded'];
    let reads = 0;
    const read = async () => ({ id: 'job-1', status: states[Math.min(reads++, 2)]! }) as GenerationJob;
    // an hour's tick: only the signals end this wait within the test
    const waited = waitForJob(read, 3_600_000, { signals, intervalMs: 3_600_000 });
    // each read's wait begins once the read has answered: let it
    const settled = async (n: number) => {
      await until(async () => reads === n);
      await new Promise((r) => setImmediate(r));
    };
    await settled(1);
    signals.send({ type: 'changed', id: 'job-2' });
    signals.send({ type: 'changed', id: 'job-1' });
    await settled(2);
    signals.send({ type: 'changed', id: 'job-1' });
    expect((await waited)?.status).toBe('succeeded');
    expect(reads).toBe(3);
    await signals.close();
  });
});

describe('GET /api/jobs/:id', () => {
  it("answers the owner's job and 404 for another learner", async () => {
    const { job } = await enqueueJob(t.database.db, { kind: 'api', target: target(), userId });
    const res = await t.app.inject({ url: `/api/jobs/${job.id}`, headers: ownerHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: job.id, kind: 'api', status: 'queued', attempts: 0, error: null });
    const other = await registerLearner(t.app);
    expect((await t.app.inject({ url: `/api/jobs/${job.id}`, headers: other.headers })).statusCode).toBe(404);
  });
});
