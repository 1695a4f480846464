// The learner's days, as the review queue counts them (the queue itself is built by the database:
// queueInDb in ./repository.ts).
import { dayIn } from '../../lib/calendar-days.ts';

/** How far the wall clock of `timeZone` is ahead of UTC at `at`, in ms. */
function offsetAt(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** When the learner's day containing `at` began (its midnight in `timeZone`, daylight saving included). */
export function dayStart(at: Date, timeZone: string): Date {
  const midnight = Date.parse(`${dayIn(at, timeZone)}T00:00:00Z`);
  // the offset at `at` may differ from the one at midnight (a daylight-saving change that day): once more
  const guess = midnight - offsetAt(at, timeZone);
  return new Date(midnight - offsetAt(new Date(guess), timeZone));
}

/** When the learner's next day begins after the day that began at `start` (days last 23 to 25 hours). */
export const nextDayStart = (start: Date, timeZone: string) =>
  dayStart(new Date(start.getTime() + 27 * 3_600_000), timeZone);
