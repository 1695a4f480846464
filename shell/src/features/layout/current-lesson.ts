import type { OptimizedPlanData } from '@mindpath/contracts/roadmaps';
import { useHasActiveGoal } from '@mindpath/sdk/goals-hooks';
import { usePlanData } from '@mindpath/sdk/roadmap-hooks';

/**
 * Where the side menu's Current Lesson goes (spec 1 §2): the active goal's first uncompleted lesson, else
 * that goal's learning plan, else /learning-plan (no active goal, or the plan not read yet).
 */
export function currentLessonHref(
  plan: Pick<OptimizedPlanData, 'goal' | 'firstUncompletedLesson'> | undefined,
): string {
  if (plan?.firstUncompletedLesson) return `/lessons/${plan.firstUncompletedLesson.id}`;
  if (plan?.goal) return `/learning-plan/${plan.goal.id}`;
  return '/learning-plan';
}

/**
 * The active goal's plan data, shared with the roadmap screen's cache (same query key). It is asked for only
 * once the learner has an active goal: with none the API answers 404, a failed read on every page of a
 * new learner (spec 1 §8: read failures are empty defaults).
 */
export function useCurrentLessonHref(): string {
  const { data } = usePlanData(undefined, { enabled: useHasActiveGoal() === true });
  return currentLessonHref(data);
}
