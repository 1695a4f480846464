// What one Check records: the tests' verdict, the hints seen before it and the time spent on it.
import type { AttemptBody } from '@mindpath/contracts/exercises';
import { EXERCISE_LIMITS } from '@mindpath/contracts/exercises-constants';
import type { TestOutcome } from '@mindpath/runner/protocol';
import { type HintProgress, hintsUsed, solutionShown } from './hint-steps.ts';

/**
 * The attempt of a check, or null when it is none: the learner stopped it, or the runner never ran the tests
 * (nothing to count).
 */
export function attemptOf(outcome: TestOutcome, hints: HintProgress, ms: number): AttemptBody | null {
  if (outcome.run.status === 'stopped' || outcome.total < 1) return null;
  const testsTotal = Math.min(outcome.total, EXERCISE_LIMITS.maxTests);
  const testsPassed = Math.min(Math.max(outcome.passed, 0), testsTotal);
  return {
    passed: testsPassed === testsTotal,
    testsPassed,
    testsTotal,
    hintsUsed: hintsUsed(hints),
    usedSolution: solutionShown(hints),
    ms: Math.min(Math.max(Math.round(ms), 0), EXERCISE_LIMITS.maxAttemptMs),
  };
}
