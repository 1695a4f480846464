// A model's exercise is shown only once this browser has run its reference solution against its tests and
// every test passed; one that fails is reported (the server hides it and writes it again) and not shown.
import type { Exercise } from '@mindpath/contracts/exercises';
import { useEffect, useRef, useState } from 'react';
import { loadRunner } from './load-runner.ts';

export type Verification = 'shown' | 'checking' | 'hidden';

/** Verified on this page already (a second visit to the lesson does not run it again). */
const verified = new Set<string>();
/** failed their tests (reported), or could not be checked because the runner did not load (not reported) */
const rejected = new Set<string>();
/** being checked now: a second render does not start the same check again */
const inFlight = new Set<string>();

/** Needs the browser's check: a model's exercise the server has not seen pass, and the learner never tried. */
export const needsVerifying = (exercise: Exercise) =>
  exercise.source === 'model' && exercise.status === 'unchecked' && exercise.result.attempts === 0;

function stateOf(exercise: Exercise): Verification {
  if (!needsVerifying(exercise) || verified.has(exercise.id)) return 'shown';
  return rejected.has(exercise.id) ? 'hidden' : 'checking';
}

/**
 * Each exercise's state: shown, still being checked, or hidden. `report` is called once per exercise whose
 * solution failed, with the runner's words. A runner that cannot load leaves the exercise hidden, unreported:
 * that is no fault of the exercise.
 */
export function useVerifiedExercises(
  exercises: readonly Exercise[],
  setup: string | null | undefined,
  report: (exercise: Exercise, message: string) => void,
): Record<string, Verification> {
  const [, setVersion] = useState(0);
  // read when the checks start: the pending ids and the setup decide when that is
  const latest = useRef({ exercises, report });
  latest.current = { exercises, report };
  const pendingIds = exercises
    .filter((e) => stateOf(e) === 'checking')
    .map((e) => e.id)
    .join(',');

  useEffect(() => {
    if (!pendingIds || setup === undefined) return;
    let live = true;
    const { exercises: all, report: tell } = latest.current;
    const pending = all.filter((e) => stateOf(e) === 'checking' && !inFlight.has(e.id));
    for (const e of pending) inFlight.add(e.id);
    void (async () => {
      // one at a time: they share the runtime with the learner's own runs
      for (const exercise of pending) {
        try {
          const runner = await loadRunner(exercise.language);
          const outcome = await runner.check(exercise.solution, exercise.tests, { setup });
          if (outcome.total > 0 && outcome.passed === outcome.total) verified.add(exercise.id);
          else if (outcome.run.status !== 'stopped') {
            rejected.add(exercise.id);
            const message =
              outcome.failures[0]?.message ??
              outcome.run.error ??
              'The reference solution did not pass its tests.';
            tell(exercise, message);
          }
        } catch {
          // the runner did not load: not shown on this page, not reported
          rejected.add(exercise.id);
        } finally {
          inFlight.delete(exercise.id);
        }
        if (live) setVersion((v) => v + 1);
      }
    })();
    return () => {
      live = false;
    };
  }, [pendingIds, setup]);

  return Object.fromEntries(exercises.map((e) => [e.id, stateOf(e)]));
}
