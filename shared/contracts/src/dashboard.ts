// The home dashboard (spec 2 §3 Dashboard) and the learner's activity by day (streak, heatmap).
import { z } from 'zod';
import { GoalSchema } from './goals.ts';
import { JobStatusSchema } from './jobs.ts';
import { isTimeZone } from './pomodoro.ts';

/** spec 2 §3: stats over every goal's roadmap sections and their lessons. */
export const DashboardStatsSchema = z.object({
  completedLessons: z.number().int().min(0),
  totalLessons: z.number().int().min(0),
  completedRoadmaps: z.number().int().min(0),
  totalRoadmaps: z.number().int().min(0),
  /** integer percent of all lessons completed */
  completionPercentage: z.number().int().min(0).max(100),
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/** The active goal's first uncompleted lesson, in plan order, with its section's name. */
export const CurrentLessonSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  roadmapId: z.uuid(),
  roadmapName: z.string(),
  goalId: z.uuid(),
  estimatedTimeInMinutes: z.number().int(),
});
export type CurrentLesson = z.infer<typeof CurrentLessonSchema>;

export const DashboardSchema = z.object({
  activeGoal: GoalSchema.nullable(),
  currentLesson: CurrentLessonSchema.nullable(),
  stats: DashboardStatsSchema,
  /** the active goal's latest roadmap generation (null when none was asked for): "building" on the dashboard */
  roadmapGeneration: z.object({ status: JobStatusSchema }).nullable(),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/** The heatmap's span: 26 weeks of days ending today. */
export const ACTIVITY_DAYS = 26 * 7;

/**
 * An IANA time zone name ('Europe/Paris', 'UTC'): the learner's days run in it. Offsets such as '+05:30' are
 * refused (PostgreSQL reads their sign the other way round).
 */
export const isTimeZoneName = (value: string): boolean =>
  /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value) && isTimeZone(value);

export const ActivityQuerySchema = z.object({
  timeZone: z.string().refine(isTimeZoneName, 'timeZone must be an IANA time zone name').default('UTC'),
});
export type ActivityQuery = z.infer<typeof ActivityQuerySchema>;

/** 'YYYY-MM-DD', a calendar day in the learner's time zone. */
export const DayKeySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const ActivityDaySchema = z.object({
  date: DayKeySchema,
  lessonsCompleted: z.number().int().min(0),
  assessmentsPassed: z.number().int().min(0),
  focusMinutes: z.number().int().min(0),
  reviewsDone: z.number().int().min(0),
  /** checked attempts at exercises: a day of practice */
  exerciseAttempts: z.number().int().min(0),
});
export type ActivityDay = z.infer<typeof ActivityDaySchema>;

export const ActivitySchema = z.object({
  timeZone: z.string(),
  /** today in `timeZone` */
  today: DayKeySchema,
  /** ACTIVITY_DAYS days, oldest first, ending today */
  days: z.array(ActivityDaySchema),
  /** consecutive active days ending today (or yesterday, while today is still open) */
  currentStreak: z.number().int().min(0),
  /** the longest run of consecutive active days ever */
  longestStreak: z.number().int().min(0),
});
export type Activity = z.infer<typeof ActivitySchema>;
