// Calendar-day arithmetic of the learner's activity (dashboard, focus timer, reviews): days are 'YYYY-MM-DD'
// keys in the learner's time zone,
// counted on the UTC calendar so a daylight-saving change never makes a day 23 or 25 hours long.

const DAY_MS = 86_400_000;

/** The calendar day `at` falls on in `timeZone`. */
export function dayIn(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` days ending with `last`, oldest first. */
export function daysEnding(last: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(last, i - count + 1));
}

/**
 * The current streak (active days in a row ending today, or ending yesterday while today has nothing yet:
 * the day is not over) and the longest run ever. `active` holds the days with any activity.
 */
export function streaks(active: ReadonlySet<string>, today: string): { current: number; longest: number } {
  let current = 0;
  let day = active.has(today) ? today : addDays(today, -1);
  while (active.has(day)) {
    current += 1;
    day = addDays(day, -1);
  }
  let longest = 0;
  let run = 0;
  let previous: string | undefined;
  for (const d of [...active].sort()) {
    run = previous !== undefined && addDays(previous, 1) === d ? run + 1 : 1;
    longest = Math.max(longest, run);
    previous = d;
  }
  return { current, longest };
}
