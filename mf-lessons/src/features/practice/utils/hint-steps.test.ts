import { describe, expect, it } from 'vitest';
import { hintsUsed, nextStep, reveal, solutionShown, stepLabel, usageText } from './hint-steps.ts';

describe('hint steps', () => {
  it('offers hint 1, hint 2, then the solution, one at a time, and nothing after it', () => {
    let progress = { hints: 2, shown: 0 };
    const labels: string[] = [];
    for (let step = nextStep(progress); step; step = nextStep(progress)) {
      labels.push(stepLabel(step));
      progress = reveal(progress);
    }
    expect(labels).toEqual(['Show hint 1', 'Show hint 2', 'Show solution']);
    expect(progress.shown).toBe(3);
    expect(reveal(progress).shown).toBe(3);
  });

  it('goes straight from the one hint to the solution when an exercise has one hint', () => {
    const one = { hints: 1, shown: 1 };
    expect(nextStep({ hints: 1, shown: 0 })).toEqual({ kind: 'hint', number: 1 });
    expect(nextStep(one)).toEqual({ kind: 'solution' });
  });

  it('counts the hints seen (at most their number) and whether the solution was shown', () => {
    expect([0, 1, 2, 3].map((shown) => hintsUsed({ hints: 2, shown }))).toEqual([0, 1, 2, 2]);
    expect([0, 1, 2, 3].map((shown) => solutionShown({ hints: 2, shown }))).toEqual([
      false,
      false,
      false,
      true,
    ]);
    expect(usageText({ hints: 2, shown: 0 })).toBe('No hints used');
    expect(usageText({ hints: 2, shown: 1 })).toBe('1 hint used');
    expect(usageText({ hints: 2, shown: 3 })).toBe('2 hints used, solution shown');
  });
});
