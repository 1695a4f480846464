import type { ReviewCard } from '@mindpath/contracts/reviews';
import { describe, expect, it } from 'vitest';
import { formatInterval, isRightOption } from './review-logic.ts';

const at = new Date('2026-03-10T09:00:00');
const plus = (ms: number) => new Date(at.getTime() + ms);
const MIN = 60_000;

describe('formatInterval', () => {
  it('writes minutes, hours, days, months and years as the buttons show them', () => {
    expect(formatInterval(at, plus(30_000))).toBe('<1m');
    expect(formatInterval(at, plus(10 * MIN))).toBe('10m');
    expect(formatInterval(at, plus(3 * 60 * MIN))).toBe('3h');
    expect(formatInterval(at, plus(4 * 1440 * MIN))).toBe('4d');
    expect(formatInterval(at, plus(75 * 1440 * MIN))).toBe('2.5mo');
    expect(formatInterval(at, plus(400 * 1440 * MIN))).toBe('1.1y');
  });
});

describe('isRightOption', () => {
  it('matches the correct answer, case and spacing aside', () => {
    const card = { answer: 'Inner  Join', options: ['Inner Join', 'Cross Join'] } as ReviewCard;
    expect(isRightOption(card, 'inner join')).toBe(true);
    expect(isRightOption(card, 'Cross Join')).toBe(false);
  });
});
