// A plan's schedule: its limits, weekday names and messages, apart from the zod schemas (schedule.ts), so
// the learning plan's remote shows them without loading zod.

/** Hours a week a learner may plan, in half hours. */
export const HOURS_PER_WEEK_MIN = 0.5;
export const HOURS_PER_WEEK_MAX = 80;

/** Monday first (bit 0 of a schedule's study days), as the ISO week counts. */
export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** Monday to Friday: the study days a new schedule starts with. */
export const DEFAULT_STUDY_DAYS = [0, 1, 2, 3, 4];
export const DEFAULT_SESSION_TIME = '18:00';

export const SCHEDULE_MESSAGES = {
  pickOne: 'Choose hours a week or a target date.',
  hours: `Hours a week must be between ${HOURS_PER_WEEK_MIN} and ${HOURS_PER_WEEK_MAX}.`,
  pastDate: 'Choose a target date from today on.',
  noDays: 'Choose at least one study day.',
  time: 'Choose a time of day for your study sessions.',
  timeZone: 'Your time zone was not recognised. Reload the page and try again.',
  notSet: 'This plan has no schedule yet.',
  noFeed: 'This calendar link was turned off. Turn the calendar feed on again in Settings.',
} as const;
