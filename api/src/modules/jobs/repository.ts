// generation_jobs: enqueue (joining the live job of the same kind and target), claim with FOR UPDATE SKIP
// LOCKED, heartbeat, finish, and re-queue jobs whose worker died. Works the same on PGlite and PostgreSQL.
import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statements.ts';
import { generationJobProgress, generationJobs } from '../../db/schema.ts';

export type JobRow = typeof generationJobs.$inferSelect;

const LIVE = ['queued', 'running'];

export interface EnqueueInput {
  kind: string;
  target: string;
  userId: string;
  payload?: Record<string, unknown>;
  /**
   * inserted already claimed (running, its first attempt) by this process's worker, which then runs it
   * (app.jobs.runClaimed): a learner waiting on the job is spared the claim's round trip
   */
  claim?: boolean;
}

/**
 * Inserts a queued job unless a live one exists for (kind, target), in which case that one is answered.
 * `created` tells which. The partial unique index settles races between concurrent callers.
 */
export async function enqueueJob(
  db: Db | Tx,
  input: EnqueueInput,
): Promise<{ job: JobRow; created: boolean }> {
  for (let i = 0; i < 3; i++) {
    const [inserted] = await db
      .insert(generationJobs)
      .values({
        kind: input.kind,
        target: input.target,
        userId: input.userId,
        payload: input.payload ?? {},
        ...(input.claim
          ? { status: 'running', attempts: 1, startedAt: sql`now()`, heartbeatAt: sql`now()` }
          : {}),
      })
      .onConflictDoNothing({
        target: [generationJobs.kind, generationJobs.target],
        where: sql`${generationJobs.status} in ('queued', 'running')`,
      })
      .returning();
    if (inserted) return { job: inserted, created: true };
    const live = await findLiveJob(db, input.kind, input.target);
    if (live) return { job: live, created: false };
    // the live job finished between the insert and the select: try again
  }
  throw new Error(`could not enqueue ${input.kind} job for ${input.target}`);
}

export async function findJob(db: Db | Tx, id: string): Promise<JobRow | undefined> {
  const [row] = await db.select().from(generationJobs).where(eq(generationJobs.id, id)).limit(1);
  return row;
}

export async function findLiveJob(db: Db | Tx, kind: string, target: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.kind, kind),
        eq(generationJobs.target, target),
        inArray(generationJobs.status, LIVE),
      ),
    )
    .limit(1);
  return row;
}

/** How many of a user's jobs of a kind are queued or running (work under way counts against a limit). */
export async function countLiveJobs(db: Db | Tx, userId: string, kind: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.userId, userId),
        eq(generationJobs.kind, kind),
        inArray(generationJobs.status, LIVE),
      ),
    );
  return Number(row?.n ?? 0);
}

/** The newest job of a kind for a target, live or finished. */
export async function findLatestJob(db: Db | Tx, kind: string, target: string): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.kind, kind), eq(generationJobs.target, target)))
    .orderBy(desc(generationJobs.createdAt))
    .limit(1);
  return row;
}

/** A job of the kind for the target that succeeded and was created less than `ms` ago (database time). */
export async function findRecentSucceededJob(
  db: Db | Tx,
  kind: string,
  target: string,
  ms: number,
): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.kind, kind),
        eq(generationJobs.target, target),
        eq(generationJobs.status, 'succeeded'),
        sql`${generationJobs.createdAt} > now() - make_interval(secs => ${ms / 1000})`,
      ),
    )
    .orderBy(desc(generationJobs.createdAt))
    .limit(1);
  return row;
}

/** What claiming a job sets: running, one more attempt, heartbeat now. */
const claimed = () => ({
  status: 'running',
  attempts: sql`${generationJobs.attempts} + 1`,
  startedAt: sql`now()`,
  heartbeatAt: sql`now()`,
  updatedAt: sql`now()`,
});

/** Claims the oldest queued job of the given kinds: running, one more attempt, heartbeat now. */
export async function claimNextJob(db: Db, kinds: string[]): Promise<JobRow | undefined> {
  const next = db
    .select({ id: generationJobs.id })
    .from(generationJobs)
    .where(and(eq(generationJobs.status, 'queued'), inArray(generationJobs.kind, kinds)))
    .orderBy(generationJobs.createdAt)
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(generationJobs)
    .set(claimed())
    .where(sql`${generationJobs.id} = (${next})`)
    .returning();
  return row;
}

/** Claims this job if it is still queued and of one of the kinds (a job someone waits on; see runNow). */
export async function claimJob(db: Db, id: string, kinds: string[]): Promise<JobRow | undefined> {
  const [row] = await db
    .update(generationJobs)
    .set(claimed())
    .where(
      and(
        eq(generationJobs.id, id),
        eq(generationJobs.status, 'queued'),
        inArray(generationJobs.kind, kinds),
      ),
    )
    .returning();
  return row;
}

export async function heartbeat(db: Db, job: Pick<JobRow, 'id' | 'attempts'>): Promise<void> {
  await db.update(generationJobs).set({ heartbeatAt: sql`now()` }).where(ownedBy(job));
}

/** The job is still the claim this worker holds (not re-queued and claimed again meanwhile). */
const ownedBy = (job: Pick<JobRow, 'id' | 'attempts'>) =>
  and(
    eq(generationJobs.id, job.id),
    eq(generationJobs.status, 'running'),
    eq(generationJobs.attempts, job.attempts),
  );

/**
 * Appends a piece of what a streaming job writes, at its offset in the text; false when this worker no longer
 * holds the claim (then nothing is stored).
 */
export async function appendProgress(
  db: Db | Tx,
  job: Pick<JobRow, 'id' | 'attempts'>,
  at: number,
  piece: string,
): Promise<boolean> {
  const rows = await db
    .insert(generationJobProgress)
    .select(
      db
        .select({
          jobId: generationJobs.id,
          attempt: generationJobs.attempts,
          at: sql<number>`${at}::integer`.as('at'),
          text: sql<string>`${piece}::text`.as('text'),
        })
        .from(generationJobs)
        .where(ownedBy(job)),
    )
    .returning({ at: generationJobProgress.at });
  return rows.length > 0;
}

/** What the job's attempt has written from offset `from` on (its pieces in order; '' when none). */
export async function readProgress(
  db: Db | Tx,
  job: Pick<JobRow, 'id' | 'attempts'>,
  from = 0,
): Promise<string> {
  const pieces = await db
    .select({ text: generationJobProgress.text })
    .from(generationJobProgress)
    .where(
      and(
        eq(generationJobProgress.jobId, job.id),
        eq(generationJobProgress.attempt, job.attempts),
        gte(generationJobProgress.at, from),
      ),
    )
    .orderBy(generationJobProgress.at);
  return pieces.map((p) => p.text).join('');
}

// SQL run by name: a roadmap's learner waits on this write, and drizzle building it cost about 1 ms of
// JavaScript a call (a CPU profile of the pipeline bench's runs); the condition is ownedBy's
const succeeded = namedStatement(
  'job_mark_succeeded',
  `update generation_jobs
   set status = 'succeeded', result = $3::text::jsonb, error = null, finished_at = now(), updated_at = now()
   where id = $1::uuid and status = 'running' and attempts = $2
   returning id`,
);

/** Marks the claim succeeded; false when this worker no longer holds it (then nothing is written). */
export async function markSucceeded(
  db: Db | Tx,
  job: Pick<JobRow, 'id' | 'attempts'>,
  result: unknown,
): Promise<boolean> {
  // as text: each driver would encode a jsonb parameter its own way (a string twice on postgres-js)
  const rows = await succeeded(db, [job.id, job.attempts, result === null ? null : JSON.stringify(result)]);
  return rows.length > 0;
}

export async function markFailed(
  db: Db | Tx,
  job: Pick<JobRow, 'id' | 'attempts'>,
  error: { reason: string; message: string } & Record<string, unknown>,
): Promise<boolean> {
  const rows = await db
    .update(generationJobs)
    .set({ status: 'failed', error, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(ownedBy(job))
    .returning({ id: generationJobs.id });
  return rows.length > 0;
}

/** Forgets what a finished job was given (kept only to run it again); its result and progress stay. */
export async function clearPayload(db: Db | Tx, id: string): Promise<void> {
  await db.update(generationJobs).set({ payload: {} }).where(eq(generationJobs.id, id));
}

/**
 * Gives a claim back to the queue without counting the attempt (the worker is shutting down). What it wrote
 * goes with it: the next claim writes under the same attempt number.
 */
export async function releaseJob(db: Db, job: Pick<JobRow, 'id' | 'attempts'>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(generationJobs)
      .set({
        status: 'queued',
        attempts: sql`greatest(${generationJobs.attempts} - 1, 0)`,
        heartbeatAt: null,
        startedAt: null,
        updatedAt: sql`now()`,
      })
      .where(ownedBy(job))
      .returning({ id: generationJobs.id });
    if (rows.length === 0) return false;
    await tx
      .delete(generationJobProgress)
      .where(and(eq(generationJobProgress.jobId, job.id), eq(generationJobProgress.attempt, job.attempts)));
    return true;
  });
}

export const INTERRUPTED = {
  reason: 'interrupted',
  message: 'The generation was interrupted too many times. Please try again.',
};

/**
 * Jobs left running by a worker that died: those whose heartbeat is older than `staleMs` (all of them when
 * `staleMs` is 0) go back to the queue, or fail once they have used `maxAttempts`. Answers how many moved.
 */
export async function requeueStaleJobs(db: Db, staleMs: number, maxAttempts: number): Promise<number> {
  const stale = and(
    eq(generationJobs.status, 'running'),
    staleMs > 0
      ? lt(generationJobs.heartbeatAt, sql`now() - make_interval(secs => ${staleMs / 1000})`)
      : undefined,
  );
  const failed = await db
    .update(generationJobs)
    .set({ status: 'failed', error: INTERRUPTED, finishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(stale, sql`${generationJobs.attempts} >= ${maxAttempts}`))
    .returning({ id: generationJobs.id });
  const requeued = await db
    .update(generationJobs)
    .set({ status: 'queued', heartbeatAt: null, updatedAt: sql`now()` })
    .where(stale)
    .returning({ id: generationJobs.id });
  return failed.length + requeued.length;
}

/**
 * Deletes up to `limit` of the jobs that finished (succeeded or failed) more than `olderThanMs` ago, oldest
 * first, with their progress. Answers how many went.
 */
export async function deleteFinishedJobs(db: Db, olderThanMs: number, limit: number): Promise<number> {
  const old = db
    .select({ id: generationJobs.id })
    .from(generationJobs)
    .where(
      and(
        // as the partial index is written, so that the planner uses it
        sql`${generationJobs.status} in ('succeeded', 'failed')`,
        lt(generationJobs.finishedAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
      ),
    )
    .orderBy(generationJobs.finishedAt)
    .limit(limit);
  const rows = await db
    .delete(generationJobs)
    .where(inArray(generationJobs.id, old))
    .returning({ id: generationJobs.id });
  return rows.length;
}
