// What a password login means for the account: one whose deletion was asked for is gone (refused like an
// unknown account), and one retention marked is kept by this login, which says so once.
import type { RetentionKept } from '@mindpath/contracts/account';
import { retentionDeadline } from '@mindpath/contracts/privacy-constants';
import type { Db } from '../../db/client.ts';
import { recordLogin } from './repository.ts';

export async function signInOutcome(
  db: Db,
  user: { id: string; lastActiveAt: Date; retentionNoticeAt: Date | null; deletionRequestedAt: Date | null },
  now: Date,
): Promise<{ allowed: false } | { allowed: true; retentionKept?: RetentionKept }> {
  if (user.deletionRequestedAt) return { allowed: false };
  await recordLogin(db, user.id, now);
  if (!user.retentionNoticeAt) return { allowed: true };
  return { allowed: true, retentionKept: { wasDueOn: retentionDeadline(user.lastActiveAt).toISOString() } };
}
