// The focus timer's constants and helpers, apart from the zod schemas (pomodoro.ts) so the widget and the
// SDK's local store use them without loading zod.

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

/**
 * The client's own id of a focus period: the same period sent twice (a retry, the offline queue, a second
 * tab) is recorded once. An opaque token (a UUID does), never a reference to another resource.
 */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
/** The longest focus period a session can be: the focus setting's upper bound. */
export const POMODORO_SESSION_MAX_SECONDS = POMODORO_BOUNDS.focusDuration.max * 60;
export const POMODORO_NOTES_MAX = 2_000;

/** Days of history the statistics give, oldest first: the last 12 weeks, today included. */
export const POMODORO_STATS_DAYS = 84;

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
