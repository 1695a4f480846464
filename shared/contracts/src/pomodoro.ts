// The focus timer (spec 2 §3, §4, §5, §7, §9): settings, recorded focus sessions and their statistics.
// The API validates with these schemas; the SDK and the widget take their types from them. The constants and
// helpers are in pomodoro-constants.ts (no zod), re-exported here.
import { z } from 'zod';
import {
  CLIENT_ID_PATTERN,
  isTimeZone,
  POMODORO_BOUNDS,
  POMODORO_NOTES_MAX,
  POMODORO_SESSION_MAX_SECONDS,
  type PomodoroSettingField,
  settingBoundsMessage,
} from './pomodoro-constants.ts';

export * from './pomodoro-constants.ts';

const setting = (field: PomodoroSettingField) =>
  z
    .number({ error: settingBoundsMessage(field) })
    .int({ error: settingBoundsMessage(field) })
    .min(POMODORO_BOUNDS[field].min, { error: settingBoundsMessage(field) })
    .max(POMODORO_BOUNDS[field].max, { error: settingBoundsMessage(field) });

export const PomodoroSettingsSchema = z.object({
  focusDuration: setting('focusDuration'),
  shortBreakDuration: setting('shortBreakDuration'),
  longBreakDuration: setting('longBreakDuration'),
  sessionsBeforeLongBreak: setting('sessionsBeforeLongBreak'),
});
export type PomodoroSettings = z.infer<typeof PomodoroSettingsSchema>;

export const RecordPomodoroSessionSchema = z.object({
  clientId: z.string().min(8).max(64).regex(CLIENT_ID_PATTERN, {
    error: 'clientId must be 8 to 64 letters, digits, - or _',
  }),
  /** spec 2 §3: an ISO timestamp */
  completedAt: z.iso.datetime({ offset: true }),
  /** spec 2 §3: in seconds */
  duration: z.number().int().min(1).max(POMODORO_SESSION_MAX_SECONDS),
  notes: z.string().max(POMODORO_NOTES_MAX).default(''),
  /** the lesson open when focus started; one that is not the learner's (or is gone) is left out */
  lessonId: z.uuid().nullish(),
});
export type RecordPomodoroSession = z.input<typeof RecordPomodoroSessionSchema>;

export const PomodoroSessionSchema = z.object({
  id: z.uuid(),
  clientId: z.string(),
  completedAt: z.string(),
  duration: z.number().int(),
  notes: z.string(),
  lessonId: z.uuid().nullable(),
  goalId: z.uuid().nullable(),
});
export type PomodoroSession = z.infer<typeof PomodoroSessionSchema>;

export const PomodoroStatsQuerySchema = z.object({
  /** the learner's IANA time zone: days and weeks are theirs; UTC when absent */
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { error: 'timeZone must be an IANA time zone such as Europe/Berlin' })
    .default('UTC'),
});

const minutes = z.number().int().min(0);
const sessions = z.number().int().min(0);

export const PomodoroStatsSchema = z.object({
  timeZone: z.string(),
  /** the learner's date today, YYYY-MM-DD */
  today: z.string(),
  todayMinutes: minutes,
  /** Monday to today */
  weekMinutes: minutes,
  totalMinutes: minutes,
  totalSessions: sessions,
  /** consecutive days with a focus session, ending today (or yesterday while today has none yet) */
  currentStreak: z.number().int().min(0),
  /** the last POMODORO_STATS_DAYS days, oldest first, days without focus included */
  days: z.array(z.object({ date: z.string(), minutes, sessions })),
  /** focus spent with a lesson of the goal open, most first */
  goals: z.array(z.object({ goalId: z.uuid(), description: z.string(), minutes, sessions })),
  /** focus spent with the lesson open, most first */
  lessons: z.array(
    z.object({ lessonId: z.uuid(), title: z.string(), goalId: z.uuid().nullable(), minutes, sessions }),
  ),
});
export type PomodoroStats = z.infer<typeof PomodoroStatsSchema>;
