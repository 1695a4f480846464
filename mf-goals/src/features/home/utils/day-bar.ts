// A day of the learner's calendar as a column of a bar chart: the focus panel's last 7 days, the review
// panel's next 7.
import type { Bar } from '@mindpath/ui/bar-chart';

const label = (date: string, weekday: 'short' | 'long') =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday,
    ...(weekday === 'long' ? { month: 'long', day: 'numeric' } : {}),
    // the date is already the learner's day: read it as written, whatever the browser's zone
    timeZone: 'UTC',
  });

/** '2026-05-13' → 'Wed' under the column, 'Wednesday, May 13' as the table's row. */
export function dayBar(date: string, value: number): Bar {
  return { label: label(date, 'short'), name: label(date, 'long'), value };
}
