// Planning a goal's lessons onto the learner's study days. Days are calendar days (YYYY-MM-DD) of the
// learner's time zone, counted as dates, never as 24-hour spans: a daylight-saving change moves no lesson.
// The ISO week: 0 is Monday, 6 Sunday.

const DAY_MS = 86_400_000;

/** The calendar day `now` falls on in `timeZone`. */
export function civilDay(now: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

const utcOf = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

export function addDays(day: string, n: number): string {
  return new Date(utcOf(day) + n * DAY_MS).toISOString().slice(0, 10);
}

/** 0 Monday … 6 Sunday. */
export function weekdayOf(day: string): number {
  return (new Date(utcOf(day)).getUTCDay() + 6) % 7;
}

export const toBits = (days: readonly number[]) => days.reduce((bits, d) => bits | (1 << d), 0);
export const fromBits = (bits: number) => [0, 1, 2, 3, 4, 5, 6].filter((d) => bits & (1 << d));

/** The study days from `from` on (itself included when it is one), as many as asked. */
export function studyDays(from: string, bits: number, count: number): string[] {
  const out: string[] = [];
  if (bits === 0) return out;
  for (let day = from; out.length < count; day = addDays(day, 1))
    if (bits & (1 << weekdayOf(day))) out.push(day);
  return out;
}

/** How many study days fall between `from` and `to`, both included; 0 when `to` is before `from`. */
export function countStudyDays(from: string, to: string, bits: number): number {
  const span = Math.round((utcOf(to) - utcOf(from)) / DAY_MS) + 1;
  if (span <= 0) return 0;
  const weeks = Math.floor(span / 7);
  let n = weeks * fromBits(bits).length;
  for (let i = weeks * 7; i < span; i++) if (bits & (1 << weekdayOf(addDays(from, i)))) n++;
  return n;
}

export interface ScheduleRule {
  /** planned by hours a week (in minutes), or else… */
  minutesPerWeek: number | null;
  /** …to this target date */
  targetDate: string | null;
  studyDays: number;
  /** the day the plan was last planned from */
  plannedFrom: string;
}

export interface LessonToPlan {
  id: string;
  title: string;
  minutes: number;
  isCompleted: boolean;
  /** the day it was completed, in the learner's time zone */
  completedOn: string | null;
}

export interface PlannedDay {
  lessonId: string;
  title: string;
  minutes: number;
  date: string;
  isCompleted: boolean;
}

/**
 * Each lesson's day. The lessons left when the plan was planned (those not completed before `plannedFrom`),
 * in plan order, fill the study days from `plannedFrom` on: a day holds the week's minutes shared over its
 * study days, or the minutes left shared over the study days up to the target date. A lesson is planned on
 * the day it starts. Lessons completed since keep their day, so finishing early puts the learner ahead and
 * missing a day leaves its lessons behind until the plan is planned again (a change of the schedule, or an
 * edit of the plan). A target date already past puts everything on the first study day.
 */
export function planLessons(rule: ScheduleRule, lessons: LessonToPlan[], today: string) {
  const planned = lessons.filter(
    (l) => !(l.isCompleted && l.completedOn !== null && l.completedOn < rule.plannedFrom),
  );
  const total = planned.reduce((sum, l) => sum + Math.max(1, l.minutes), 0);
  let perDay: number;
  if (rule.minutesPerWeek !== null)
    perDay = rule.minutesPerWeek / Math.max(1, fromBits(rule.studyDays).length);
  else {
    const days = rule.targetDate ? countStudyDays(rule.plannedFrom, rule.targetDate, rule.studyDays) : 0;
    perDay = days > 0 ? total / days : Number.POSITIVE_INFINITY;
  }
  let offset = 0;
  const indexes = planned.map((l) => {
    // a hair under a whole day's minutes still starts that day, whatever the float division left
    const index = Math.floor(offset / perDay + 1e-9);
    offset += Math.max(1, l.minutes);
    return index;
  });
  const calendar = studyDays(rule.plannedFrom, rule.studyDays, (indexes.at(-1) ?? 0) + 1);
  const days: PlannedDay[] = planned.map((l, i) => ({
    lessonId: l.id,
    title: l.title,
    minutes: l.minutes,
    date: calendar[indexes[i]!] ?? rule.plannedFrom,
    isCompleted: l.isCompleted,
  }));
  const open = days.filter((d) => !d.isCompleted);
  return {
    lessons: days,
    behind: open.filter((d) => d.date < today).length,
    finishDate: open.at(-1)?.date ?? null,
  };
}
