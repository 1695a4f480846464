// What the activity view's days mean on the dashboard: one busyness figure per day for the heatmap, and the
// words for what made it up.
import type { ActivityDay } from '@mindpath/contracts/dashboard';
import { countOf } from '@mindpath/ui/plural';

/** A focus session of the default length counts as one activity, like a lesson, a review or an exercise tried. */
export const FOCUS_MINUTES_PER_ACTIVITY = 25;

export function activityCount(day: ActivityDay): number {
  return (
    day.lessonsCompleted +
    day.assessmentsPassed +
    day.reviewsDone +
    day.exerciseAttempts +
    Math.ceil(day.focusMinutes / FOCUS_MINUTES_PER_ACTIVITY)
  );
}

/** '2 lessons, 1 assessment passed, 25 focus minutes' or 'No activity'. */
export function activityDetail(day: ActivityDay): string {
  const parts = [
    day.lessonsCompleted > 0 ? countOf(day.lessonsCompleted, 'lesson', 'lessons') : '',
    day.assessmentsPassed > 0 ? `${countOf(day.assessmentsPassed, 'assessment', 'assessments')} passed` : '',
    day.focusMinutes > 0 ? countOf(day.focusMinutes, 'focus minute', 'focus minutes') : '',
    day.reviewsDone > 0 ? countOf(day.reviewsDone, 'review', 'reviews') : '',
    day.exerciseAttempts > 0 ? `${countOf(day.exerciseAttempts, 'exercise', 'exercises')} tried` : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : 'No activity';
}
