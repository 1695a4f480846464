// The focus timer (spec 2 §3, §4, §5, §7, §9): settings, recorded focus sessions and their statistics.
// The API validates with these schemas, the SDK parses answers with them, the widget takes its types from them.
import { z } from 'zod';

export const POMODORO_SETTING_FIELDS = [
  'focusDuration',
  'shortBreakDuration',
  'longBreakDuration',
  'sessionsBeforeLongBreak',
] as const;
export type PomodoroSettingField = (typeof POMODORO_SETTING_FIELDS)[number];

/** Spec 2 §9: 25 / 5 / 15 minutes, a long break after 4 sessions. */
export const POMODORO_DEFAULTS = {
  focusDuration: 25,
  shortBreakDuration: 5,
  longBreakDuration: 15,
  sessionsBeforeLongBreak: 4,
} as const satisfies Record<PomodoroSettingField, number>;

/** Spec 2 §5: the input bounds of each setting (minutes, and a count of sessions). */
export const POMODORO_BOUNDS = {
  focusDuration: { min: 1, max: 60 },
  shortBreakDuration: { min: 1, max: 30 },
  longBreakDuration: { min: 1, max: 60 },
  sessionsBeforeLongBreak: { min: 1, max: 10 },
} as const satisfies Record<PomodoroSettingField, { min: number; max: number }>;

/** The message of a setting out of its bounds, the same in the API's 400 and beside the widget's field. */
export const settingBoundsMessage = (field: PomodoroSettingField) =>
  `Enter a whole number from ${POMODORO_BOUNDS[field].min} to ${POMODORO_BOUNDS[field].max}.`;

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

/**
 * The client's own id of a focus period: the same period sent twice (a retry, the offline queue, a second
 * tab) is recorded once. An opaque token (a UUID does), never a reference to another resource.
 */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** The longest focus period a session can be: the focus setting's upper bound. */
export const POMODORO_SESSION_MAX_SECONDS = POMODORO_BOUNDS.focusDuration.max * 60;
export const POMODORO_NOTES_MAX = 2_000;

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

/** Days of history the statistics give, oldest first: the last 12 weeks, today included. */
export const POMODORO_STATS_DAYS = 84;

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

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Whole minutes of a sum of seconds: what every figure of the statistics shows. */
export const toMinutes = (seconds: number) => Math.round(seconds / 60);

export type PomodoroPhase = 'focus' | 'shortBreak' | 'longBreak';
export const AMBIENT_SOUNDS = ['rain', 'forest'] as const;
export type AmbientSound = (typeof AMBIENT_SOUNDS)[number];

/**
 * The timer as the browser keeps it (`pomodoroState`, spec 2 §3): an end time, not a count of ticks, so a
 * throttled tab, a sleeping laptop or a reload loses nothing. Running: `endsAt` is set. Paused: only
 * `pausedRemainingMs`. Neither: the phase has not started and has `phaseMs` to go.
 */
export interface PomodoroTimerState {
  phase: PomodoroPhase;
  /** epoch ms at which the running phase ends, null when not running */
  endsAt: number | null;
  pausedRemainingMs: number | null;
  /** the length of the current phase, fixed when the phase begins */
  phaseMs: number;
  /** focus sessions completed since the last long break */
  cycle: number;
  /** the client id the current focus period is recorded under (RecordPomodoroSession.clientId) */
  focusId: string;
  /** the lesson open when the current focus period started */
  lessonId: string | null;
}
