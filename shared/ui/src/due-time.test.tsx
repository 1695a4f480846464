import { describe, expect, it } from 'vitest';
import { describeDue } from './due-time.tsx';

const at = new Date('2026-03-10T09:00:00');
const plus = (ms: number) => new Date(at.getTime() + ms);
const MIN = 60_000;

describe('describeDue', () => {
  it('says when the next card comes', () => {
    expect(describeDue(at, plus(5 * MIN))).toBe('in 5 minutes');
    expect(describeDue(at, plus(3 * 60 * MIN))).toBe('today at 12:00');
    expect(describeDue(at, plus(24 * 60 * MIN))).toBe('tomorrow at 09:00');
    expect(describeDue(at, plus(4 * 1440 * MIN))).toBe('on 14 March');
  });
});
