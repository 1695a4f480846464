// Run and check a piece of code in the browser: the runner's state for one editor (its module is loaded on
// the first Run; stopping, resetting and outcomes are the runner's).
import type { RunOptions } from '@mindpath/runner/client';
import type { ExerciseTests, RunnableLanguage, RunOutcome, TestOutcome } from '@mindpath/runner/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isWarm, loadedRunner, loadRunner, markWarm } from './load-runner.ts';

export type RunnerPhase = 'idle' | 'running' | 'checking';

/** The runner's module itself did not arrive (offline, a redeploy): nothing ran. */
export const RUNNER_UNAVAILABLE =
  'The code runner could not be loaded. Check your connection, then press Run again.';

export interface RunnerState {
  phase: RunnerPhase;
  /** the last run's outcome (a check's run too), null before the first */
  outcome: RunOutcome | null;
  /** the runner could not be loaded: this says so instead of an outcome */
  unavailable: string | null;
  /** the runtime has not answered yet on this page: the first run also starts it (a few seconds) */
  cold: boolean;
  run(code: string, options?: RunOptions): Promise<RunOutcome | null>;
  check(code: string, tests: ExerciseTests, options?: RunOptions): Promise<TestOutcome | null>;
  stop(): void;
  /** fresh globals, and for SQL the lesson's tables again; the output is cleared */
  reset(): Promise<void>;
}

export function useRunner(language: RunnableLanguage): RunnerState {
  const [phase, setPhase] = useState<RunnerPhase>('idle');
  const [outcome, setOutcome] = useState<RunOutcome | null>(null);
  const [unavailable, setUnavailable] = useState<string | null>(null);
  const [cold, setCold] = useState(() => !isWarm(language));
  const mounted = useRef(true);
  const busy = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Runs one job on the runner; a second while one runs is ignored (Run waits for Stop). */
  const job = useCallback(
    async <T>(kind: RunnerPhase, work: (runner: Awaited<ReturnType<typeof loadRunner>>) => Promise<T>) => {
      if (busy.current) return null;
      busy.current = true;
      setPhase(kind);
      setUnavailable(null);
      try {
        const runner = await loadRunner(language);
        const result = await work(runner);
        markWarm(language);
        if (mounted.current) setCold(false);
        return result;
      } catch {
        if (mounted.current) setUnavailable(RUNNER_UNAVAILABLE);
        return null;
      } finally {
        busy.current = false;
        if (mounted.current) setPhase('idle');
      }
    },
    [language],
  );

  const run = useCallback(
    async (code: string, options?: RunOptions) => {
      const result = await job('running', (runner) => runner.run(code, options));
      if (result && mounted.current) setOutcome(result);
      return result;
    },
    [job],
  );

  const check = useCallback(
    async (code: string, tests: ExerciseTests, options?: RunOptions) => {
      const result = await job('checking', (runner) => runner.check(code, tests, options));
      if (result && mounted.current) setOutcome(result.run);
      return result;
    },
    [job],
  );

  const stop = useCallback(() => {
    void loadedRunner(language)?.then((runner) => runner.stop());
  }, [language]);

  const reset = useCallback(async () => {
    setOutcome(null);
    setUnavailable(null);
    const runner = loadedRunner(language);
    // a runner never loaded has nothing to reset: the next run starts fresh anyway
    if (runner) await runner.then((r) => r.reset()).catch(() => undefined);
  }, [language]);

  return { phase, outcome, unavailable, cold, run, check, stop, reset };
}
