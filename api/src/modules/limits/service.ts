// Plan limits (spec 1 §6, §9), enforced by the server with usage counted in the database: goal creations,
// successful roadmap and lesson content generations and answered chat queries are usage_events rows; goals
// in progress are counted from the goals.

import { CHAT_LIMIT_MESSAGE, CHAT_LIMITS } from '@mindpath/contracts/chat';
import type { RateLimitInfo } from '@mindpath/contracts/errors';
import { LIMIT_MESSAGES, PLAN_LIMITS } from '@mindpath/contracts/goals';
import { LESSON_LIMIT_MESSAGE, LESSON_LIMITS } from '@mindpath/contracts/lessons';
import { isPro } from '@mindpath/contracts/subscriptions';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { usageEvents, users } from '../../db/schema.ts';
import { getStatus } from '../subscriptions/service.ts';

export type UsageKind = 'goal_creation' | 'roadmap_generation' | 'lesson_generation' | 'chat';

export const HOUR_MS = 3_600_000;

const UPGRADE = {
  goals: 'Upgrade to Pro to create goals without waiting and work on up to 10 goals at once.',
  roadmaps: 'Upgrade to Pro to generate roadmaps without waiting.',
  lessons: 'Upgrade to Pro for unlimited lessons and assessments.',
  chat: 'Upgrade to Pro for unlimited AI chat queries.',
  inProgress: 'Upgrade to Pro to work on up to 10 goals at once.',
  proInProgress: 'Complete or delete a goal in progress to start a new one.',
  topics: 'Upgrade to Pro to learn every topic of a goal.',
};

/** The free plan's windowed limits (spec 1 §9), by usage kind. */
export const WINDOWS: Record<UsageKind, { max: number; hours: number; message: string; upgrade: string }> = {
  goal_creation: {
    max: PLAN_LIMITS.freeGoalCreationsPerWindow,
    hours: PLAN_LIMITS.windowHours,
    message: LIMIT_MESSAGES.goalCreation,
    upgrade: UPGRADE.goals,
  },
  roadmap_generation: {
    max: PLAN_LIMITS.freeRoadmapGenerationsPerWindow,
    hours: PLAN_LIMITS.windowHours,
    message: LIMIT_MESSAGES.roadmapGeneration,
    upgrade: UPGRADE.roadmaps,
  },
  lesson_generation: {
    max: LESSON_LIMITS.freeLessonsPerWindow,
    hours: LESSON_LIMITS.windowHours,
    message: LESSON_LIMIT_MESSAGE,
    upgrade: UPGRADE.lessons,
  },
  chat: {
    max: CHAT_LIMITS.freeMessagesPerWindow,
    hours: CHAT_LIMITS.windowHours,
    message: CHAT_LIMIT_MESSAGE,
    upgrade: UPGRADE.chat,
  },
};

/** The refusal of a windowed limit, as answered 429. */
export function windowLimitInfo(kind: UsageKind, count: number, hoursUntilReset: number): RateLimitInfo {
  const w = WINDOWS[kind];
  return {
    message: w.message,
    hoursUntilReset: hoursUntilReset || w.hours,
    subscriptionMessage: w.upgrade,
    currentCount: count,
    maxRequests: w.max,
  };
}

/** A refused action: answered 429 with the rate-limit info. */
export class PlanLimitError extends Error {
  readonly info: RateLimitInfo;
  constructor(info: RateLimitInfo) {
    super(info.message);
    this.name = 'PlanLimitError';
    this.info = info;
  }
}

/** Pro at `now` (the app's clock where the caller has it): a subscription past its end date is free. */
export async function userIsPro(db: Db | Tx, userId: string, now = new Date()): Promise<boolean> {
  return isPro(await getStatus(db as Db, userId, now));
}

/** Serializes a user's limited actions: concurrent requests of one learner take turns. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function recordUsage(db: Db | Tx, userId: string, kind: UsageKind, at: Date): Promise<void> {
  await db.insert(usageEvents).values({ userId, kind, createdAt: at });
}

/** Usage of a kind in its window ending now: how many, and when the oldest counted one expires. */
export async function usageInWindow(db: Db | Tx, userId: string, kind: UsageKind, now: Date) {
  const rows = await db
    .select({ createdAt: usageEvents.createdAt })
    .from(usageEvents)
    .where(
      and(
        eq(usageEvents.userId, userId),
        eq(usageEvents.kind, kind),
        gt(usageEvents.createdAt, windowStart(kind, now)),
      ),
    )
    .orderBy(asc(usageEvents.createdAt));
  return { count: rows.length, hoursUntilReset: hoursUntilReset(kind, rows[0]?.createdAt, now) };
}

/** When the oldest usage counted in a kind's window leaves it, in whole hours (0: none counted). */
export function hoursUntilReset(kind: UsageKind, oldest: Date | null | undefined, now: Date): number {
  const windowMs = WINDOWS[kind].hours * HOUR_MS;
  return oldest ? Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / HOUR_MS)) : 0;
}

/** The start of a kind's window ending now: usage after it counts. */
export const windowStart = (kind: UsageKind, now: Date) =>
  new Date(now.getTime() - WINDOWS[kind].hours * HOUR_MS);

/** Free: refuses when the usage counted (`count`, plus `pending` work under way) reaches the kind's limit. */
export function assertCounted(
  kind: UsageKind,
  now: Date,
  count: number,
  oldest: Date | null | undefined,
  pending = 0,
): void {
  if (count + pending < WINDOWS[kind].max) return;
  throw new PlanLimitError(windowLimitInfo(kind, count + pending, hoursUntilReset(kind, oldest, now)));
}

/** Free: the kind's windowed limit (`pending` counts work already under way, e.g. a job not finished). */
export async function assertWindow(
  db: Db | Tx,
  userId: string,
  kind: UsageKind,
  now: Date,
  pending = 0,
): Promise<void> {
  const { count, hoursUntilReset } = await usageInWindow(db, userId, kind, now);
  if (count + pending < WINDOWS[kind].max) return;
  throw new PlanLimitError(windowLimitInfo(kind, count + pending, hoursUntilReset));
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
