// A goal's study schedule (hours a week or a target date, on chosen weekdays) and what it plans: each open
// lesson's day, how far behind the learner is, and today's lessons.
import { z } from 'zod';
import { HOURS_PER_WEEK_MAX, HOURS_PER_WEEK_MIN, SCHEDULE_MESSAGES } from './schedule-constants.ts';

/** A calendar day, YYYY-MM-DD, in the learner's time zone. */
export const CivilDateSchema = z.iso.date();

export const ScheduleSettingsSchema = z
  .object({
    hoursPerWeek: z
      .number(SCHEDULE_MESSAGES.hours)
      .min(HOURS_PER_WEEK_MIN, SCHEDULE_MESSAGES.hours)
      .max(HOURS_PER_WEEK_MAX, SCHEDULE_MESSAGES.hours)
      .multipleOf(0.5, SCHEDULE_MESSAGES.hours)
      .nullable(),
    targetDate: CivilDateSchema.nullable(),
    /** 0 Monday … 6 Sunday */
    studyDays: z
      .array(z.number().int().min(0).max(6), SCHEDULE_MESSAGES.noDays)
      .min(1, SCHEDULE_MESSAGES.noDays)
      .max(7)
      .refine((days) => new Set(days).size === days.length, SCHEDULE_MESSAGES.noDays),
    /** HH:MM, 24-hour */
    sessionTime: z.string(SCHEDULE_MESSAGES.time).regex(/^([01]\d|2[0-3]):[0-5]\d$/, SCHEDULE_MESSAGES.time),
    timeZone: z
      .string(SCHEDULE_MESSAGES.timeZone)
      .max(64)
      .refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, SCHEDULE_MESSAGES.timeZone),
  })
  .refine((s) => (s.hoursPerWeek === null) !== (s.targetDate === null), SCHEDULE_MESSAGES.pickOne);
export type ScheduleSettings = z.infer<typeof ScheduleSettingsSchema>;

export const PlannedLessonSchema = z.object({
  lessonId: z.uuid(),
  title: z.string(),
  minutes: z.number().int(),
  date: CivilDateSchema,
  isCompleted: z.boolean(),
});
export type PlannedLesson = z.infer<typeof PlannedLessonSchema>;

/** A goal's schedule and its plan; `settings` null when the learner has not set one. */
export const PlanScheduleSchema = z.object({
  goalId: z.uuid(),
  settings: ScheduleSettingsSchema.nullable(),
  /** the learner's today, in their time zone */
  today: CivilDateSchema,
  /** every lesson planned from the schedule's start, in plan order */
  lessons: z.array(PlannedLessonSchema),
  /** lessons planned before today and not completed */
  behind: z.number().int(),
  /** the day the last lesson is planned on, null when nothing is left */
  finishDate: CivilDateSchema.nullable(),
});
export type PlanSchedule = z.infer<typeof PlanScheduleSchema>;

/** What home says is planned for today: the active goal's lessons of the day. */
export const TodayPlanSchema = z.object({
  goalId: z.uuid().nullable(),
  lessons: z.array(PlannedLessonSchema),
  behind: z.number().int(),
});
export type TodayPlan = z.infer<typeof TodayPlanSchema>;

/** The learner's calendar feed: its secret URL, or null when it is off. */
export const CalendarFeedSchema = z.object({ url: z.string().nullable() });
export type CalendarFeed = z.infer<typeof CalendarFeedSchema>;
