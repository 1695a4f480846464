import type { GenerationJob } from '@mindpath/contracts/jobs';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findJob, type JobRow } from './repository.ts';
import type { JobSignals } from './signals.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toJob(row: JobRow): GenerationJob {
  const error = row.error as { reason?: unknown; message?: unknown } | null;
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    status: row.status as GenerationJob['status'],
    attempts: row.attempts,
    error: error
      ? { reason: String(error.reason ?? 'internal'), message: String(error.message ?? '') }
      : null,
    result: row.result ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

export async function getOwnJob(db: Db, userId: string, id: string): Promise<GenerationJob> {
  const row = await findJob(db, id);
  if (!row || row.userId !== userId) throw notFound('Job not found');
  return toJob(row);
}

export const TERMINAL = new Set(['succeeded', 'failed']);

export interface WaitOptions {
  /** the job's 'changed' signal ends a wait early */
  signals?: JobSignals;
  /** the job as the caller has just read it: not read again before the first wait */
  first?: GenerationJob | null;
  /** the longest wait between two reads */
  intervalMs?: number;
}

/**
 * Reads a job again until it finishes or `waitMs` passes; answers its last state. With the job signals it
 * reads again as soon as the job announces a change (the worker does once it has committed the outcome),
 * so a long poll answers when the job ends rather than at the next tick; the tick is then only the
 * fallback for a signal missed (one sent between a read and the next wait), and longer: each read is a
 * query that an embedded database runs in turn with the job's own.
 */
export async function waitForJob(
  read: () => Promise<GenerationJob | null>,
  waitMs: number,
  { signals, first, intervalMs = signals ? 1000 : 200 }: WaitOptions = {},
): Promise<GenerationJob | null> {
  const deadline = Date.now() + waitMs;
  let job = first === undefined ? await read() : first;
  while (job && !TERMINAL.has(job.status) && Date.now() < deadline) {
    const ms = Math.min(intervalMs, Math.max(deadline - Date.now(), 0));
    await (signals ? signals.changed(job.id, ms) : new Promise((r) => setTimeout(r, ms)));
    job = await read();
  }
  return job;
}
