import { describe, expect, it } from 'vitest';
import { dayIn } from '../../lib/calendar-days.ts';
import { dayStart, nextDayStart } from './queue.ts';

describe('days', () => {
  it('begin at the learner’s midnight in their time zone', () => {
    const at = new Date('2026-03-10T01:30:00Z');
    expect(dayStart(at, 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(dayStart(at, 'Europe/Berlin').toISOString()).toBe('2026-03-09T23:00:00.000Z');
    // New York is on summer time since 8 March 2026: 21:30 on the 9th
    expect(dayStart(at, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayIn(at, 'America/New_York')).toBe('2026-03-09');
    expect(dayIn(at, 'Europe/Berlin')).toBe('2026-03-10');
  });

  it('last 23 hours on the day clocks go forward', () => {
    const start = dayStart(new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(nextDayStart(start, 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});
