import type { OptimizedPlanData } from '@mindpath/contracts/roadmaps';
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

/** The active goal's plan data, shared with the roadmap screen's cache (same query key). */
export function useCurrentLessonHref(): string {
  const { data } = usePlanData();
  return currentLessonHref(data);
}
