import {
  FREE_STATUS,
  type SubscriptionStatus,
  type Tier,
  TierSchema,
} from '@mindpath/contracts/subscriptions';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserByEmail } from '../users/index.ts';
import { findSubscription, type SubscriptionRow, upsertSubscription } from './repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The status as the client sees it. Past its end date a subscription is over and the learner is free (spec
 * 1 §4: a cancelled Pro stays pro, inactive, until endDate), without a job flipping anything at expiry.
 */
export function toStatus(
  row: Pick<SubscriptionRow, 'tier' | 'isActive' | 'endDate'> | undefined,
  now = new Date(),
): SubscriptionStatus {
  if (!row) return FREE_STATUS;
  if (row.endDate !== null && row.endDate.getTime() <= now.getTime()) return FREE_STATUS;
  const tier = TierSchema.catch('free').parse(row.tier);
  return { tier, isActive: row.isActive, endDate: row.endDate?.toISOString() ?? null };
}

export async function getStatus(db: Db, userId: string, now = new Date()): Promise<SubscriptionStatus> {
  return toStatus(await findSubscription(db, userId), now);
}

/**
 * Sets a learner's tier without billing (the set-tier CLI and tests). A paid tier is active, for `days`
 * days when given, else open-ended; free is inactive with no end date.
 */
export async function setTierByEmail(
  db: Db,
  email: string,
  tier: Tier,
  days?: number,
): Promise<SubscriptionStatus> {
  const user = await findUserByEmail(db, email.trim().toLowerCase());
  if (!user) throw new AppError(404, 'USER_NOT_FOUND', `No user with email ${email}`);
  const paid = tier !== 'free';
  const endDate = paid && days !== undefined ? new Date(Date.now() + days * DAY_MS) : null;
  await upsertSubscription(db, user.id, { tier, isActive: paid, endDate });
  return getStatus(db, user.id);
}
