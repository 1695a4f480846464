// A run's or a check's outcome in learner words: what the output panel says above the program's output.
import {
  type RunnableLanguage,
  type RunOutcome,
  stoppedMessage,
  type TestOutcome,
} from '@mindpath/runner/protocol';
import { LANGUAGE_NAMES } from './code-block.ts';

export type OutcomeTone = 'ok' | 'error' | 'stopped';

export interface OutcomeSummary {
  tone: OutcomeTone;
  /** one line: "Ran in 12 ms", "Stopped after 5 s", "Your code stopped with an error" */
  title: string;
  /** a plain explanation of the error, null when there is none to give */
  explanation: string | null;
  /** the runtime's own message, shown as it is (it names the line and the name) */
  detail: string | null;
}

/** Plain words for the errors a learner meets most, by the runtime's message. */
const EXPLANATIONS: [RegExp, string][] = [
  [
    /^(IndentationError|TabError)/,
    'The lines are not indented consistently: each block needs the same indent.',
  ],
  [
    /^SyntaxError|syntax error at or near|syntax error at end of input/i,
    'The code could not be read as written: check the spelling and the brackets near the place named below.',
  ],
  [
    /^NameError|^ReferenceError|is not defined/,
    'A name is used that was never defined: check its spelling, or define it first.',
  ],
  [/relation "[^"]*" does not exist/i, "There is no table of that name in this lesson's database."],
  [
    /column "[^"]*" does not exist|column [^ ]+ does not exist/i,
    'There is no column of that name in the tables the query reads.',
  ],
  [
    /is ambiguous/i,
    'A column name belongs to more than one table here: write it with its table, like orders.id.',
  ],
  [/^ZeroDivisionError|division by zero/i, 'The code divides by zero.'],
  [
    /^TypeError/,
    'A value is used in a way its type does not allow (adding text to a number, calling what is not a function…).',
  ],
  [
    /^(IndexError|KeyError)/,
    'The code reads an item that is not there: an index past the end, or a missing key.',
  ],
  [/^AttributeError/, 'The value has no attribute or method of that name.'],
  [/^ValueError/, 'A value has the right type but one the code cannot use.'],
  [
    /^RangeError|^RecursionError|Maximum call stack|stack overflow/i,
    'The code calls itself too deeply: does the recursion have a case where it stops?',
  ],
  [/out of memory|memory limit/i, 'The code used more memory than the browser allows it.'],
];

export function explain(message: string): string | null {
  return EXPLANATIONS.find(([re]) => re.test(message))?.[1] ?? null;
}

function duration(ms: number): string {
  return ms < 1000 ? `${Math.max(0, Math.round(ms))} ms` : `${(Math.round(ms / 100) / 10).toString()} s`;
}

export function summarize(outcome: RunOutcome): OutcomeSummary {
  switch (outcome.status) {
    case 'ok':
      return { tone: 'ok', title: `Ran in ${duration(outcome.ms)}`, explanation: null, detail: null };
    case 'stopped':
      return { tone: 'stopped', title: stoppedMessage(outcome.ms), explanation: null, detail: null };
    case 'timeout':
      return {
        tone: 'stopped',
        // the runner's message says the limit and asks about a loop; its own words when it has them
        title: outcome.error ?? stoppedMessage(outcome.ms),
        explanation: null,
        detail: null,
      };
    default: {
      const message = outcome.error ?? 'The code stopped with an error.';
      return {
        tone: 'error',
        title: 'Your code stopped with an error',
        explanation: explain(message),
        detail: message,
      };
    }
  }
}

/** True when the run printed, returned or selected nothing to show. */
export function isSilent(outcome: RunOutcome): boolean {
  return !outcome.stdout && !outcome.stderr && outcome.value === null && outcome.tables.length === 0;
}

/** "3 of 4 tests passed", "All 4 tests passed", "The test passed". */
export function testsText({ passed, total }: Pick<TestOutcome, 'passed' | 'total'>): string {
  if (total === 1) return passed === 1 ? 'The test passed' : 'The test did not pass';
  if (passed === total) return `All ${total} tests passed`;
  return `${passed} of ${total} tests passed`;
}

/** "3 rows", "1 row", "No rows". */
export function rowsText(count: number): string {
  if (count === 0) return 'No rows';
  return `${count} row${count === 1 ? '' : 's'}`;
}

/** "Starting Python in your browser: the first run takes a few seconds…" */
export const startingText = (language: RunnableLanguage) =>
  `Starting ${LANGUAGE_NAMES[language]} in your browser: the first run takes a few seconds…`;
