// Deleting an account (the learner's request, or retention's): the request cancels a running subscription at
// the provider at once and marks the account deleted, which ends every token of it there and then; a job
// (target: the user id) then removes the learner's media files and, in the transaction that ends it, the
// user row (everything else of theirs cascades; the payments the law requires stay, without the learner or
// the card). The job is idempotent: a re-run after a crash removes what is left.
import { ACCOUNT_MESSAGES, type DeleteAccountResult } from '@mindpath/contracts/account';
import type { JobKind } from '@mindpath/contracts/jobs-constants';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { enqueueJob } from '../jobs/index.ts';
import { JobFailure, type JobHandler } from '../jobs/worker.ts';
import { endSubscriptionNow } from '../subscriptions/billing.ts';
import { learnerMediaNames, removeMedia } from './media-names.ts';
import { deleteAccountRows, findAccount, markDeletionRequested } from './repository.ts';

export const ACCOUNT_DELETION_JOB = 'account-deletion' satisfies JobKind;

type Deps = AppParts<'db' | 'log' | 'now' | 'payments' | 'media' | 'jobs' | 'deletedAccounts'>;

/** Queues the deletion job of an account already marked deleted (idempotent: one live job per account). */
export async function enqueueDeletion(deps: Pick<Deps, 'db'>, userId: string) {
  return enqueueJob(deps.db, { kind: ACCOUNT_DELETION_JOB, target: userId, userId });
}

/** DELETE /api/account: the password confirms it; answered once the account is gone for sign-in. */
export async function requestAccountDeletion(
  deps: Deps,
  userId: string,
  password: string,
): Promise<DeleteAccountResult> {
  const account = await findAccount(deps.db, userId);
  if (!account || account.deletionRequestedAt) throw unauthorized();
  if (!(await verifyPassword(account.passwordHash, password)))
    throw new AppError(403, 'WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongPassword);
  // before anything is deleted: a provider that cannot be reached leaves the account as it was, to try again
  try {
    await endSubscriptionNow(deps, userId);
  } catch (err) {
    deps.log.error({ err }, 'payments provider: cancel at once failed');
    throw new AppError(502, 'PAYMENTS_UNAVAILABLE', ACCOUNT_MESSAGES.providerDown);
  }
  const at = deps.now();
  const job = await deps.db.transaction(async (tx) => {
    await markDeletionRequested(tx, userId, at);
    return (await enqueueJob(tx, { kind: ACCOUNT_DELETION_JOB, target: userId, userId })).job;
  });
  // this instance refuses the tokens at once, before its token checks read the row again
  deps.deletedAccounts.add(userId);
  deps.jobs.runNow(job.id);
  return { message: ACCOUNT_MESSAGES.deleted, requestedAt: at.toISOString() };
}

/** The account-deletion job. */
export function accountDeletionHandler(
  deps: AppParts<'db' | 'log' | 'now' | 'payments' | 'media' | 'deletedAccounts'>,
): JobHandler {
  return async (job) => {
    const userId = job.target;
    const account = await findAccount(deps.db, userId);
    if (!account) return { result: { deleted: false } };
    if (!account.deletionRequestedAt)
      throw new JobFailure('not_requested', 'This account was not asked to be deleted.');
    // retention's deletions reach here without a request: their subscription is ended here
    try {
      await endSubscriptionNow(deps, userId);
    } catch (err) {
      deps.log.error({ err, userId }, 'payments provider: cancel at once failed; deletion retried later');
      throw new JobFailure('payments_unavailable', ACCOUNT_MESSAGES.providerDown);
    }
    const names = await learnerMediaNames(deps.db, userId);
    await removeMedia(deps.media, names);
    return {
      result: { deleted: true, mediaFiles: names.length },
      // the job's own row goes with the user's (it is theirs): marked succeeded first, in this transaction
      apply: async (tx) => {
        await deleteAccountRows(tx, userId);
        deps.deletedAccounts.delete(userId);
      },
    };
  };
}
