// The home dashboard (spec 2 §3) and the learner's activity by day, both owner-scoped reads.
import {
  ACTIVITY_DAYS,
  type Activity,
  type ActivityDay,
  type DashboardStats,
} from '@mindpath/contracts/dashboard';
import { JobStatusSchema } from '@mindpath/contracts/jobs';
import { toMinutes } from '@mindpath/contracts/pomodoro';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { dayIn, daysEnding, streaks } from '../../lib/calendar-days.ts';
import { findActiveGoal, type GoalStats, goalStatsOfUser } from '../goals/index.ts';
import { activityByDay, firstOpenLessonOfActiveGoal, latestRoadmapJobOfActiveGoal } from './repository.ts';

/** Totals over every goal's sections and lessons; the percentage of lessons completed, rounded. */
export function dashboardStats(perGoal: Iterable<GoalStats>): DashboardStats {
  const all = [...perGoal];
  const sum = (pick: (s: GoalStats) => number) => all.reduce((n, s) => n + pick(s), 0);
  const totalLessons = sum((s) => s.lessons);
  const completedLessons = sum((s) => s.completedLessons);
  return {
    completedLessons,
    totalLessons,
    completedRoadmaps: sum((s) => s.completedSections),
    totalRoadmaps: sum((s) => s.sections),
    completionPercentage: totalLessons > 0 ? Math.round((completedLessons * 100) / totalLessons) : 0,
  };
}

/** The dashboard's parts but the active goal's row: four queries, run together, whatever the plan's size. */
export async function buildDashboard(db: Db, userId: string) {
  const [goalRow, perGoal, lesson, job] = await Promise.all([
    findActiveGoal(db, userId),
    goalStatsOfUser(db, userId),
    firstOpenLessonOfActiveGoal(db, userId),
    latestRoadmapJobOfActiveGoal(db, userId),
  ]);
  const status = JobStatusSchema.safeParse(job?.status);
  return {
    activeGoalId: goalRow?.id ?? null,
    perGoal,
    currentLesson: lesson ?? null,
    stats: dashboardStats(perGoal.values()),
    roadmapGeneration: status.success ? { status: status.data } : null,
  };
}

const emptyDay = (date: string): ActivityDay => ({
  date,
  lessonsCompleted: 0,
  assessmentsPassed: 0,
  focusMinutes: 0,
  reviewsDone: 0,
  exerciseAttempts: 0,
});

const isActive = (d: Omit<ActivityDay, 'date'>) =>
  d.lessonsCompleted + d.assessmentsPassed + d.focusMinutes + d.reviewsDone + d.exerciseAttempts > 0;

/** The last ACTIVITY_DAYS days in the learner's time zone, and the streaks over their whole history. */
export async function getActivity(db: Db, userId: string, timeZone: string, now: Date): Promise<Activity> {
  let counts: Awaited<ReturnType<typeof activityByDay>>;
  try {
    counts = await activityByDay(db, userId, timeZone);
  } catch (err) {
    // a name Intl knows but this database's time zone data does not
    if (/time zone .* not recognized/i.test(String((err as Error)?.message ?? err))) {
      throw new AppError(400, 'VALIDATION_ERROR', 'timeZone must be an IANA time zone name', [
        { field: 'timeZone', message: 'timeZone must be an IANA time zone name' },
      ]);
    }
    throw err;
  }
  const byDay = new Map(
    counts.map(({ day, focusSeconds, ...c }): [string, ActivityDay] => [
      day,
      { ...emptyDay(day), ...c, focusMinutes: toMinutes(focusSeconds) },
    ]),
  );
  const today = dayIn(now, timeZone);
  const { current, longest } = streaks(
    new Set([...byDay.values()].filter(isActive).map((d) => d.date)),
    today,
  );
  return {
    timeZone,
    today,
    days: daysEnding(today, ACTIVITY_DAYS).map((date) => byDay.get(date) ?? emptyDay(date)),
    currentStreak: current,
    longestStreak: longest,
  };
}
