import { describe, expect, it } from 'vitest';
import { scoreSummary } from './score-summary.ts';

describe('scoreSummary (spec 2 §9)', () => {
  it.each([
    [100, 'perfect', 'Perfect Score!', true],
    [99, 'excellent', 'Excellent!', true],
    [80, 'excellent', 'Excellent!', true],
    [79, 'good', 'Good Job!', true],
    [60, 'good', 'Good Job!', true],
    [59, 'review', 'Review Needed', false],
    [0, 'review', 'Review Needed', false],
  ] as const)('%i is %s', (score, level, title, passed) => {
    const s = scoreSummary(score);
    expect(s).toMatchObject({ level, title, passed });
    expect(s.message.length).toBeGreaterThan(0);
  });

  it("shows the server's message, the level's own only when the server sent none", () => {
    expect(scoreSummary(85, 'Great work on loops!').message).toBe('Great work on loops!');
    expect(scoreSummary(100, '  ').message).toBe('Perfect score! You have mastered this lesson.');
    expect(scoreSummary(40, null).message).toBe(
      'Review the lesson and try again: you need 60 or more to pass.',
    );
  });
});
