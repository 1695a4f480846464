import { PASSWORD_RULES } from '@mindpath/contracts/auth';
import { describe, expect, it } from 'vitest';
import { strengthMeter } from './strength-meter.ts';

describe('strengthMeter (spec 1 §5: Weak ≤1, Fair 2-3, Good 4, Strong 5)', () => {
  it.each([
    ['', 0, 'Weak', 0, 'none'],
    ['a', 1, 'Weak', 1, 'danger'],
    ['aA', 2, 'Fair', 2, 'warning'],
    ['aA1', 3, 'Fair', 2, 'warning'],
    ['aA1!', 4, 'Good', 3, 'info'],
    ['abcdefgh', 2, 'Fair', 2, 'warning'],
    ['aA1!aA1!', 5, 'Strong', 4, 'success'],
    ['        ', 2, 'Fair', 2, 'warning'],
  ] as const)('%j → %i rules, %s, %i segments, %s', (password, met, label, filled, tone) => {
    expect(strengthMeter(password)).toEqual({ met, label, filled, tone });
  });

  it('lists the five rules in the spec order', () => {
    expect(PASSWORD_RULES.map((r) => r.label)).toEqual([
      'At least 8 characters',
      'One uppercase letter',
      'One lowercase letter',
      'One number',
      'One special character',
    ]);
  });
});
