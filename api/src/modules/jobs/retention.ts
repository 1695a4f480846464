// Retention of generation jobs: a finished job (succeeded or failed) is kept for a while (JOB_RETENTION_DAYS,
// 7 by default) for whoever still follows or polls it, then deleted with its progress. What matters outlives
// it elsewhere: the lesson, its assessment, the roadmap, the chat history. Readers of a job that is gone read
// "no job" (a status without a job, a stream answered from the lesson, a turn 404).
import type { Db } from '../../db/client.ts';
import type { PeriodicTask } from './periodic.ts';
import { deleteFinishedJobs } from './repository.ts';

/** jobs deleted per statement: short statements, short locks, whatever the backlog */
export const RETENTION_BATCH = 500;

/** Hourly; a quarter of a shorter retention (a soak's minutes), never under 10 s. */
export const retentionPeriodMs = (retentionMs: number) =>
  Math.min(3_600_000, Math.max(10_000, Math.floor(retentionMs / 4)));

export function jobRetentionTask(db: Db, retentionMs: number, batch = RETENTION_BATCH): PeriodicTask {
  return {
    name: 'job-retention',
    everyMs: retentionPeriodMs(retentionMs),
    async run() {
      let removed = 0;
      for (;;) {
        const n = await deleteFinishedJobs(db, retentionMs, batch);
        removed += n;
        if (n < batch) return { removed };
      }
    },
  };
}
