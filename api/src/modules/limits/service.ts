// Plan limits (spec 1 §6, §9), enforced by the server with usage counted in the database: goal creations and
// successful roadmap generations are usage_events rows; goals in progress are counted from the goals.

import type { RateLimitInfo } from '@mindpath/contracts/errors';
import { LIMIT_MESSAGES, PLAN_LIMITS } from '@mindpath/contracts/goals';
import { isPro } from '@mindpath/contracts/subscriptions';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { usageEvents, users } from '../../db/schema.ts';
import type { Tx } from '../jobs/repository.ts';
import { getStatus } from '../subscriptions/service.ts';

export type UsageKind = 'goal_creation' | 'roadmap_generation';

const HOUR_MS = 3_600_000;
export const WINDOW_MS = PLAN_LIMITS.windowHours * HOUR_MS;

/** A refused action: answered 429 with the rate-limit info. */
export class PlanLimitError extends Error {
  readonly info: RateLimitInfo;
  constructor(info: RateLimitInfo) {
    super(info.message);
    this.name = 'PlanLimitError';
    this.info = info;
  }
}

export async function userIsPro(db: Db | Tx, userId: string): Promise<boolean> {
  return isPro(await getStatus(db as Db, userId));
}

/** Serializes a user's limited actions: concurrent requests of one learner take turns. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function recordUsage(db: Db | Tx, userId: string, kind: UsageKind, at: Date): Promise<void> {
  await db.insert(usageEvents).values({ userId, kind, createdAt: at });
}

/** Usage of a kind in the 72 h window ending now: how many, and when the oldest counted one expires. */
export async function usageInWindow(db: Db | Tx, userId: string, kind: UsageKind, now: Date) {
  const rows = await db
    .select({ createdAt: usageEvents.createdAt })
    .from(usageEvents)
    .where(
      and(
        eq(usageEvents.userId, userId),
        eq(usageEvents.kind, kind),
        gt(usageEvents.createdAt, new Date(now.getTime() - WINDOW_MS)),
      ),
    )
    .orderBy(asc(usageEvents.createdAt));
  const oldest = rows[0]?.createdAt;
  const hoursUntilReset = oldest
    ? Math.max(1, Math.ceil((oldest.getTime() + WINDOW_MS - now.getTime()) / HOUR_MS))
    : 0;
  return { count: rows.length, hoursUntilReset };
}

const UPGRADE = {
  goals: 'Upgrade to Pro to create goals without waiting and work on up to 10 goals at once.',
  roadmaps: 'Upgrade to Pro to generate roadmaps without waiting.',
  inProgress: 'Upgrade to Pro to work on up to 10 goals at once.',
  proInProgress: 'Complete or delete a goal in progress to start a new one.',
  topics: 'Upgrade to Pro to learn every topic of a goal.',
};

/** Free: 1 creation per 72 h (`pending` counts work already under way, e.g. a roadmap job not finished). */
export async function assertWindow(
  db: Db | Tx,
  userId: string,
  kind: UsageKind,
  now: Date,
  pending = 0,
): Promise<void> {
  const { count, hoursUntilReset } = await usageInWindow(db, userId, kind, now);
  const max =
    kind === 'goal_creation'
      ? PLAN_LIMITS.freeGoalCreationsPerWindow
      : PLAN_LIMITS.freeRoadmapGenerationsPerWindow;
  if (count + pending < max) return;
  throw new PlanLimitError({
    message: kind === 'goal_creation' ? LIMIT_MESSAGES.goalCreation : LIMIT_MESSAGES.roadmapGeneration,
    hoursUntilReset: hoursUntilReset || PLAN_LIMITS.windowHours,
    subscriptionMessage: kind === 'goal_creation' ? UPGRADE.goals : UPGRADE.roadmaps,
    currentCount: count + pending,
    maxRequests: max,
  });
}

export function assertGoalsInProgress(pro: boolean, inProgress: number): void {
  const max = pro ? PLAN_LIMITS.proGoalsInProgress : PLAN_LIMITS.freeGoalsInProgress;
  if (inProgress < max) return;
  throw new PlanLimitError({
    message: pro ? LIMIT_MESSAGES.proGoalsInProgress : LIMIT_MESSAGES.freeGoalsInProgress,
    hoursUntilReset: 0,
    subscriptionMessage: pro ? UPGRADE.proInProgress : UPGRADE.inProgress,
    currentCount: inProgress,
    maxRequests: max,
  });
}

export function assertTopics(pro: boolean, topics: number): void {
  if (pro || topics <= PLAN_LIMITS.freeTopicsPerGoal) return;
  throw new PlanLimitError({
    message: LIMIT_MESSAGES.freeTopics,
    hoursUntilReset: 0,
    subscriptionMessage: UPGRADE.topics,
    currentCount: topics,
    maxRequests: PLAN_LIMITS.freeTopicsPerGoal,
  });
}
