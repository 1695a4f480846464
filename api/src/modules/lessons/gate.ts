// The free plan's lesson-open gate (spec 1 §4), as a rule over the learner's last completion in the goal: read
// with the daily limit (spec 1 §9: 1 lesson per 24 hours), a completion holds the goal's other lessons for 24
// hours. One rule for the lesson page (which refuses) and the plan (which says so before the click).
import type { RateLimitInfo } from '@mindpath/contracts/errors';
import { LESSON_LIMIT_MESSAGE, LESSON_LIMITS } from '@mindpath/contracts/lessons';
import { HOUR_MS, WINDOWS } from '../limits/service.ts';

export const GATE_MS = LESSON_LIMITS.windowHours * HOUR_MS;

/** The gate's refusal after a completion at `completedAt` (null: none in the window), or null when open. */
export function gateAfterCompletion(completedAt: Date | null, now: Date): RateLimitInfo | null {
  if (!completedAt) return null;
  const opensAt = completedAt.getTime() + GATE_MS;
  if (opensAt <= now.getTime()) return null;
  return {
    message: LESSON_LIMIT_MESSAGE,
    hoursUntilReset: Math.max(1, Math.ceil((opensAt - now.getTime()) / HOUR_MS)),
    subscriptionMessage: WINDOWS.lesson_generation.upgrade,
    currentCount: LESSON_LIMITS.freeLessonsPerWindow,
    maxRequests: LESSON_LIMITS.freeLessonsPerWindow,
  };
}
