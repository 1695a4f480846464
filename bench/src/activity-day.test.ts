import { describe, expect, it } from 'vitest';
import { activityDay } from './activity-day.ts';

const localDate = (at: Date, timeZone: string) => at.toLocaleDateString('en-CA', { timeZone });

describe("the seeded year's days", () => {
  // the hours around each of Paris's clock changes and a winter night, where `now - d days` lost a date
  const nows = [
    '2026-11-29T22:30:00Z',
    '2026-03-29T00:30:00Z',
    '2026-10-25T23:59:00Z',
    '2026-06-30T01:00:00Z',
  ];
  for (const iso of nows)
    for (const timeZone of ['Europe/Paris', 'America/New_York', 'Asia/Tokyo', 'UTC'])
      it(`are 365 dates in a row before ${iso}, in ${timeZone}`, () => {
        const now = new Date(iso);
        const days = Array.from({ length: 365 }, (_, d) => activityDay(d, now));
        expect(days.every((day) => day < now)).toBe(true);
        const dates = days.map((day) => localDate(day, timeZone));
        // each a day before the one after it
        for (let d = 1; d < dates.length; d++) {
          const next = new Date(`${dates[d - 1]}T00:00:00Z`);
          next.setUTCDate(next.getUTCDate() - 1);
          expect(dates[d]).toBe(next.toISOString().slice(0, 10));
        }
      });
});
