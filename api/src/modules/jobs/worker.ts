// The worker loop (DESIGN.md §5): claims queued jobs with FOR UPDATE SKIP LOCKED, runs the kind's handler,
// keeps a heartbeat while it runs, and records the outcome. Runs inside the API process by default and as
// its own process (src/worker.ts) when scaled out; any number of workers can share one database.
import { setImmediate } from 'node:timers/promises';
import { TransactionRollbackError } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isAiError } from '../../ai/errors.ts';
import type { Ai } from '../../ai/service.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  appendProgress,
  claimJob,
  claimNextJob,
  heartbeat,
  type JobRow,
  markFailed,
  markSucceeded,
  releaseJob,
  requeueStaleJobs,
} from './repository.ts';
import type { JobSignals } from './signals.ts';

export interface JobOutcome {
  /** stored on the job and answered to whoever follows it */
  result: unknown;
  /** writes the job's product in the same transaction that marks it succeeded */
  apply?: (tx: Tx) => Promise<void>;
}

export interface JobContext {
  signal: AbortSignal;
  /**
   * stores what the job has written so far (a streamed lesson), for readers following it: the whole text
   * each time, of which only what follows the last call's is written
   */
  progress: (text: string) => Promise<void>;
}

export type JobHandler = (job: JobRow, context: JobContext) => Promise<JobOutcome>;

/** What a job kind's handler is built over: the app's database, AI and clock. */
export interface JobDeps {
  db: Db;
  ai: Ai;
  now: () => Date;
}

/** A failure whose message is meant for the learner (not an AI error, e.g. the goal was deleted). */
export class JobFailure extends Error {
  readonly reason: string;
  constructor(reason: string, message: string) {
    super(message);
    this.name = 'JobFailure';
    this.reason = reason;
  }
}

export const GENERIC_FAILURE = { reason: 'internal', message: 'The generation failed. Please try again.' };

export interface WorkerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  log: FastifyBaseLogger;
  /** idle wait between polls */
  pollMs?: number;
  heartbeatMs?: number;
  /** a running job whose heartbeat is older than this is re-queued; 0 re-queues every running job on start */
  staleMs?: number;
  /** re-queue every running job on start (a single-process embedded database: nobody else runs them) */
  reclaimAllOnStart?: boolean;
  maxAttempts?: number;
  concurrency?: number;
  /** wake-ups: a queued job wakes an idle loop, a `run` signal is claimed at once, progress is announced */
  signals?: JobSignals;
  /** sees each job that ended succeeded or failed, with how long it ran (the metrics) */
  onJobEnd?: (end: JobEnd) => void;
}

export interface JobEnd {
  kind: string;
  outcome: 'succeeded' | 'failed';
  /** a failed job's reason (an AI error's, a JobFailure's, or 'internal') */
  reason?: string;
  seconds: number;
}

/** What readiness asks of a running worker. */
export interface WorkerHealth {
  running: boolean;
  /** jobs being run now */
  active: number;
  /** when a loop last went round (Date.now()); a loop running a job does not go round */
  lastLoopAt: number;
}

export interface Worker {
  start(): Promise<void>;
  /** stops claiming, aborts running jobs' AI calls and waits for the loops to end */
  stop(): Promise<void>;
  /** a job was enqueued: poll now */
  wake(): void;
  /**
   * Claims this queued job and runs it now, beside the loops (their concurrency is for background work; a
   * learner waits on this one). Resolves once it has run, or at once when another worker holds it.
   */
  runNow(jobId: string): Promise<void>;
  /** Runs a job enqueued already claimed for this worker; back to the queue when the worker has stopped. */
  runClaimed(job: JobRow): Promise<void>;
  health(): WorkerHealth;
}

export function createWorker(options: WorkerOptions): Worker {
  const {
    db,
    handlers,
    log,
    pollMs = 1000,
    staleMs = 30_000,
    // several beats per stale period, so a live job is never taken for a dead one
    heartbeatMs = Math.max(100, Math.min(5000, Math.floor(staleMs / 3))),
    maxAttempts = 3,
    concurrency = 2,
    signals,
    onJobEnd,
  } = options;
  const kinds = Object.keys(handlers);
  let running = false;
  let loops: Promise<void>[] = [];
  let abort = new AbortController();
  let wakers: (() => void)[] = [];
  /**
   * wakes that found no loop idle: a loop whose claim was already under way when the job was committed found
   * nothing, and would otherwise sleep a whole poll with the job queued
   */
  let missedWakes = 0;
  let lastReclaim = 0;
  let active = 0;
  let lastLoopAt = 0;
  /** jobs run by runNow, awaited by stop() like the loops */
  const urgent = new Set<Promise<void>>();
  let unsubscribe: (() => void) | undefined;
  const changed = (job: JobRow) => signals?.send({ type: 'changed', id: job.id });

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      if (missedWakes > 0) {
        missedWakes--;
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakers = wakers.filter((w) => w !== done);
        resolve();
      }
      wakers.push(done);
    });
  }

  async function run(job: JobRow) {
    const handler = handlers[job.kind];
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    active++;
    const beat = setInterval(() => {
      heartbeat(db, job).catch((err) => log.warn({ err, jobId: job.id }, 'job heartbeat failed'));
    }, heartbeatMs);
    try {
      if (!handler) throw new JobFailure('unknown_kind', `No worker handles ${job.kind} jobs.`);
      let stored = 0;
      const progress = async (text: string) => {
        if (text.length <= stored) return;
        const at = stored;
        stored = text.length;
        if (await appendProgress(db, job, at, text.slice(at))) changed(job);
      };
      const outcome = await handler(job, { signal: abort.signal, progress });
      await db.transaction(async (tx) => {
        if (!(await markSucceeded(tx, job, outcome.result ?? null))) {
          // re-queued (our heartbeat was late) and someone else holds it now: write nothing
          tx.rollback();
        }
        await outcome.apply?.(tx);
      });
      changed(job);
      onJobEnd?.({ kind: job.kind, outcome: 'succeeded', seconds: seconds() });
      log.info({ jobId: job.id, kind: job.kind }, 'job succeeded');
    } catch (err) {
      if (isRollback(err)) {
        log.warn({ jobId: job.id }, 'job was taken over by another worker; result dropped');
        return;
      }
      if (!running && abort.signal.aborted) {
        // shutting down: back to the queue at once for the next start or another worker
        await releaseJob(db, job).catch((e) => log.warn({ err: e, jobId: job.id }, 'could not release job'));
        log.info({ jobId: job.id }, 'job interrupted by shutdown, re-queued');
        return;
      }
      const error = isAiError(err)
        ? { ...err.toJSON() }
        : err instanceof JobFailure
          ? { reason: err.reason, message: err.message }
          : GENERIC_FAILURE;
      if (!isAiError(err) && !(err instanceof JobFailure)) log.error({ err, jobId: job.id }, 'job crashed');
      else log.warn({ jobId: job.id, error }, 'job failed');
      await markFailed(db, job, error).catch((e) => log.error({ err: e }, 'could not record job failure'));
      changed(job);
      onJobEnd?.({ kind: job.kind, outcome: 'failed', reason: String(error.reason), seconds: seconds() });
    } finally {
      clearInterval(beat);
      active--;
    }
  }

  async function loop() {
    while (running) {
      lastLoopAt = Date.now();
      try {
        if (Date.now() - lastReclaim > Math.max(staleMs / 2, 1000)) {
          lastReclaim = Date.now();
          const moved = await requeueStaleJobs(db, staleMs, maxAttempts);
          if (moved > 0) log.warn({ moved }, 're-queued jobs of a worker that stopped');
        }
        const job = await claimNextJob(db, kinds);
        if (job) {
          await run(job);
          // what waited on the job (a long poll's read, its answer) goes before the next claim: on an
          // embedded database that claim would hold the one connection in front of them
          await setImmediate();
          continue;
        }
      } catch (err) {
        if (!running) break;
        log.error({ err }, 'worker loop error');
      }
      if (running) await sleep(pollMs);
    }
  }

  function wake() {
    const idle = wakers[0];
    if (idle) idle();
    else if (running) missedWakes = Math.min(missedWakes + 1, concurrency);
  }

  async function runNow(jobId: string) {
    if (!running) return;
    const job = await claimJob(db, jobId, kinds).catch((err) => {
      log.error({ err, jobId }, 'could not claim job');
      return undefined;
    });
    if (job) await runClaimed(job);
  }

  async function runClaimed(job: JobRow) {
    if (!running) {
      await releaseJob(db, job).catch((err) => log.warn({ err, jobId: job.id }, 'could not release job'));
      return;
    }
    const done = run(job);
    urgent.add(done);
    try {
      await done;
    } finally {
      urgent.delete(done);
    }
  }

  return {
    async start() {
      if (running) return;
      if (options.reclaimAllOnStart) {
        const moved = await requeueStaleJobs(db, 0, maxAttempts);
        if (moved > 0) log.warn({ moved }, 're-queued jobs left running by the last process');
        lastReclaim = Date.now();
      }
      running = true;
      missedWakes = 0;
      abort = new AbortController();
      loops = Array.from({ length: concurrency }, () => loop());
      unsubscribe = signals?.subscribe((signal) => {
        if (signal.type === 'queued') wake();
        else if (signal.type === 'run') void runNow(signal.id);
      });
    },
    async stop() {
      if (!running) return;
      running = false;
      unsubscribe?.();
      abort.abort();
      for (const w of wakers) w();
      await Promise.all([...loops, ...urgent]);
      loops = [];
    },
    wake,
    runNow,
    runClaimed,
    health: () => ({ running, active, lastLoopAt }),
  };
}

const isRollback = (err: unknown) => err instanceof TransactionRollbackError;
