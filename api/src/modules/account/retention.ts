// Retention as the privacy policy states it (privacy-constants.ts): an account inactive for
// ACCOUNT_RETENTION_YEARS is deleted, the same way a learner deletes theirs, after it was marked
// RETENTION_NOTICE_DAYS before (a login in between clears the mark and says so). A periodic task, once
// across instances; it also re-queues deletions asked for whose job failed or was lost.
import { ACCOUNT_RETENTION_YEARS, RETENTION_NOTICE_DAYS } from '@mindpath/contracts/privacy-constants';
import type { AppParts } from '../../lib/app-parts.ts';
import type { PeriodicTask } from '../jobs/periodic.ts';
import { enqueueDeletion } from './deletion.ts';
import { claimExpired, markInactive, pendingDeletions } from './repository.ts';

const DAY_MS = 86_400_000;
/** accounts handled per step and run: short statements; a backlog takes a few runs */
export const RETENTION_BATCH = 200;
/** a deletion asked for this long ago whose account still exists is queued again */
const STUCK_AFTER_MS = 60 * 60_000;

const yearsBefore = (at: Date, years: number) => {
  const d = new Date(at.getTime());
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
};

/**
 * The cut-offs at `now`: accounts last active before `markBefore` reach retentionNoticeDate (marked), before
 * `deleteBefore` retentionDeadline (deleted, once marked RETENTION_NOTICE_DAYS ago).
 */
export function retentionCutoffs(now: Date) {
  const deleteBefore = yearsBefore(now, ACCOUNT_RETENTION_YEARS);
  return {
    deleteBefore,
    markBefore: new Date(deleteBefore.getTime() + RETENTION_NOTICE_DAYS * DAY_MS),
    markedBy: new Date(now.getTime() - RETENTION_NOTICE_DAYS * DAY_MS),
  };
}

export function accountRetentionTask(deps: AppParts<'db' | 'now' | 'jobs' | 'log'>): PeriodicTask {
  return {
    name: 'account-retention',
    everyMs: 6 * 3_600_000,
    async run() {
      const now = deps.now();
      const { deleteBefore, markBefore, markedBy } = retentionCutoffs(now);
      const marked = await markInactive(deps.db, markBefore, now, RETENTION_BATCH);
      const expired = await claimExpired(deps.db, deleteBefore, markedBy, now, RETENTION_BATCH);
      const stuck = await pendingDeletions(
        deps.db,
        new Date(now.getTime() - STUCK_AFTER_MS),
        RETENTION_BATCH,
      );
      let queued = 0;
      for (const userId of new Set([...expired, ...stuck])) {
        if ((await enqueueDeletion(deps, userId)).created) queued++;
      }
      if (queued > 0) deps.jobs.wake();
      return { marked, expired: expired.length, queued };
    },
  };
}
