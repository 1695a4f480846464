// The runner's types and the message protocol between the main thread (client.ts) and a runtime's Worker.
// Kept free of any runtime import (types only from the contracts): the page may import it in its first load.
import type { ExerciseTests } from '@mindpath/contracts/exercises';

export type { ExerciseTests };

export type RunnableLanguage = 'python' | 'sql' | 'javascript' | 'typescript';
export type Cell = string | number | boolean | null;
export interface ResultTable {
  columns: string[];
  rows: Cell[][];
}
export interface RunOutcome {
  status: 'ok' | 'error' | 'timeout' | 'stopped';
  stdout: string;
  stderr: string;
  /** display text of the last expression's value (python, js/ts); null when none/undefined/None */
  value: string | null;
  /** sql: one table per statement that returned rows, in order */
  tables: ResultTable[];
  /** the runtime's own message, one line where possible ("NameError: name 'x' is not defined") */
  error: string | null;
  ms: number;
}
export interface TestFailure {
  name: string;
  message: string;
}
export interface TestOutcome {
  passed: number;
  total: number;
  failures: TestFailure[];
  run: RunOutcome;
}

export interface RunOptions {
  /** default DEFAULT_TIMEOUT_MS */
  timeoutMs?: number;
  /** sql: the lesson's tables, created once per database (Reset goes back to them) */
  setup?: string | null;
}

export const DEFAULT_TIMEOUT_MS = 5000;

/**
 * Main thread → Worker. Every request has an id; the Worker answers each with one reply of the same id, in
 * order. There is no stop request: a Worker running code cannot read messages, so the client stops it by
 * terminating it (QuickJS also stops itself at the time limit).
 */
export type RunnerRequest =
  | { id: number; type: 'load' }
  | {
      id: number;
      type: 'run';
      language: RunnableLanguage;
      code: string;
      timeoutMs: number;
      setup: string | null;
    }
  | {
      id: number;
      type: 'check';
      language: RunnableLanguage;
      code: string;
      tests: ExerciseTests;
      timeoutMs: number;
      setup: string | null;
    }
  | { id: number; type: 'reset'; setup: string | null };

/** Worker → main thread. */
export type RunnerReply =
  | { id: number; type: 'loaded' }
  /** a run or check has what it needs (the runtime, the lesson's database) and starts the code: its time starts */
  | { id: number; type: 'started' }
  | { id: number; type: 'ran'; outcome: RunOutcome }
  | { id: number; type: 'checked'; outcome: TestOutcome }
  | { id: number; type: 'reset' }
  | { id: number; type: 'failed'; error: string };

/** The outcome of a run that never reached the runtime's end: stopped, timed out or failed to load. */
export function abortedOutcome(
  status: 'timeout' | 'stopped' | 'error',
  error: string,
  ms: number,
  partial?: Partial<RunOutcome>,
): RunOutcome {
  return {
    stdout: '',
    stderr: '',
    value: null,
    tables: [],
    ...partial,
    status,
    error,
    ms,
  };
}

/** "Stopped after 5 s" / "Stopped after 0.3 s": how long the code ran, in learner words. */
export function stoppedMessage(ms: number): string {
  const s = ms / 1000;
  const shown = s >= 10 ? String(Math.round(s)) : String(Math.round(s * 10) / 10);
  return `Stopped after ${shown} s`;
}

/** "Time limit reached: stopped after 5 s" — the message of a run that hit the time limit. */
export function timeoutMessage(timeoutMs: number): string {
  return `Time limit reached: ${stoppedMessage(timeoutMs).toLowerCase()}. Is there a loop that never ends?`;
}

/** A failed test run: every case counted as failed with the same reason. */
export function failedTests(run: RunOutcome, total: number, message: string): TestOutcome {
  return { passed: 0, total, failures: [{ name: 'Your code', message }], run };
}
