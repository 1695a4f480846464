import { describe, expect, it } from 'vitest';
import { addDays, dayIn, daysEnding, streaks } from './calendar-days.ts';

describe('dayIn', () => {
  const lateUtc = new Date('2026-03-01T23:30:00Z');
  it('puts one instant on the day of each time zone', () => {
    expect(dayIn(lateUtc, 'UTC')).toBe('2026-03-01');
    expect(dayIn(lateUtc, 'Asia/Tokyo')).toBe('2026-03-02');
    expect(dayIn(lateUtc, 'America/Los_Angeles')).toBe('2026-03-01');
    expect(dayIn(new Date('2026-03-02T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-01');
    // half-hour and quarter-hour offsets
    expect(dayIn(new Date('2026-03-01T18:40:00Z'), 'Asia/Kolkata')).toBe('2026-03-02');
    expect(dayIn(new Date('2026-03-01T18:10:00Z'), 'Asia/Kathmandu')).toBe('2026-03-01');
  });
});

describe('addDays and daysEnding', () => {
  it('crosses months, leap days and daylight-saving changes by whole days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // Europe's spring change
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('lists the days ending with the last, oldest first', () => {
    expect(daysEnding('2026-01-02', 3)).toEqual(['2025-12-31', '2026-01-01', '2026-01-02']);
    expect(daysEnding('2026-06-01', 182)).toHaveLength(182);
  });
});

describe('streaks', () => {
  const set = (...days: string[]) => new Set(days);
  it('is zero for a learner with no activity', () => {
    expect(streaks(set(), '2026-05-10')).toEqual({ current: 0, longest: 0 });
  });
  it('counts back from today', () => {
    expect(streaks(set('2026-05-08', '2026-05-09', '2026-05-10'), '2026-05-10')).toEqual({
      current: 3,
      longest: 3,
    });
  });
  it('keeps yesterday’s streak alive while today is still open', () => {
    expect(streaks(set('2026-05-08', '2026-05-09'), '2026-05-10').current).toBe(2);
  });
  it('breaks on a missed day', () => {
    expect(streaks(set('2026-05-07', '2026-05-08'), '2026-05-10').current).toBe(0);
    expect(streaks(set('2026-05-06', '2026-05-08', '2026-05-09', '2026-05-10'), '2026-05-10')).toEqual({
      current: 3,
      longest: 3,
    });
  });
  it('finds the longest run anywhere in history, across months and years', () => {
    const old = ['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02', '2026-01-03'];
    expect(streaks(set(...old, '2026-05-10'), '2026-05-10')).toEqual({ current: 1, longest: 5 });
  });
});
