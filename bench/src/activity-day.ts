// The dates of the seeded learner's year of activity (seeded-learner.ts), one a day.
/**
 * When the year's day `d` (0: yesterday) had its activity: noon UTC, a date of its own in every zone from
 * UTC-11 to UTC+11. `now - d days` did not: run between 22:00 and 23:00 UTC, it put the days before the
 * spring's clock change on 23:xx in Paris and those after on 00:xx the next day, so Europe/Paris had no
 * 29 March and the year's streak read 245 days.
 */
export function activityDay(d: number, now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1 - d, 12));
}
