import { describe, expect, it } from 'vitest';
import { dayBar } from './day-bar.ts';

describe('dayBar', () => {
  it('names the calendar day as written, whatever the time zone of the browser', () => {
    expect(dayBar('2026-05-13', 25)).toEqual({ label: 'Wed', name: 'Wednesday, May 13', value: 25 });
    expect(dayBar('2026-01-01', 0)).toMatchObject({ label: 'Thu', name: 'Thursday, January 1' });
  });
});
