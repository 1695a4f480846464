// The curated kits' practice, verified by running it in the runtimes the learner's browser uses (under Node):
// every exercise's reference solution passes all of its tests and its starter code fails one at least, and
// every SQL example runs on the tables its kit sets up, returning what its comments promise.
//
// SQL runs on one PGlite for the whole file, each run on an empty public schema made again (a fresh PGlite per
// run, as the browser's Reset does, takes seconds each), with the runner's own cell conversion and result
// comparison; the INNER JOIN lesson also goes through the runner's Node entry end to end.
import { PGlite, type Results } from '@electric-sql/pglite';
import type { ExerciseSpec } from '@mindpath/contracts/exercises';
import { compareTables } from '@mindpath/runner/compare';
import { cannotRunHere, runnableLanguage } from '@mindpath/runner/languages';
import { checkInNode, runInNode } from '@mindpath/runner/node';
import type { ResultTable } from '@mindpath/runner/protocol';
import { toCell } from '@mindpath/runner/sql-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitPractice, type LessonKit, offlineContent } from '../src/ai/offline/content.ts';

const curricula = offlineContent().curated;
const kitsOf = (id: string): readonly LessonKit[] => {
  const curriculum = curricula.find((c) => c.domain.id === id);
  if (!curriculum) throw new Error(`no curated curriculum ${id}`);
  return curriculum.kits;
};

/** Examples that show a statement the database refuses: the error is their point. */
const REFUSED_ON_PURPOSE: Record<string, RegExp> = {
  'Primary keys': /duplicate key value violates unique constraint "books_pkey"/,
  Constraints: /duplicate key value violates unique constraint "users_email_key"/,
  'Foreign keys': /violates foreign key constraint/,
};

/** What an example's comments and takeaway say it returns (its last result set), checked against its setup. */
const EXAMPLE_RESULTS: Record<string, { table: ResultTable; ordered: boolean }> = {
  'Your first SELECT': {
    table: {
      columns: ['name', 'price', 'double_price'],
      rows: [
        ['pen', 2.5, 5],
        ['book', 12, 24],
      ],
    },
    ordered: false,
  },
  'COUNT, SUM and AVG': {
    table: { columns: ['all_rows', 'scored_rows', 'total', 'average'], rows: [[3, 2, 30, 15]] },
    ordered: false,
  },
  'GROUP BY': {
    table: {
      columns: ['customer_id', 'orders', 'spent'],
      rows: [
        [1, 2, 25],
        [2, 1, 40],
      ],
    },
    ordered: false,
  },
  DISTINCT: { table: { columns: ['customer_id'], rows: [[1], [2], [3]] }, ordered: false },
  'INNER JOIN': {
    table: {
      columns: ['name', 'order_id', 'total'],
      rows: [
        ['Ada', 10, 25],
        ['Ada', 11, 8],
        ['Linus', 12, 40],
      ],
    },
    ordered: true,
  },
  'LEFT JOIN': {
    table: {
      columns: ['name', 'orders'],
      rows: [
        ['Ada', 2],
        ['Grace', 0],
        ['Linus', 1],
      ],
    },
    ordered: true,
  },
  'Self joins': {
    table: {
      columns: ['employee', 'manager'],
      rows: [
        ['Grace', null],
        ['Ada', 'Grace'],
        ['Linus', 'Grace'],
      ],
    },
    ordered: true,
  },
  Upserts: { table: { columns: ['qty'], rows: [[8]] }, ordered: false },
};

let db: PGlite;

/** Runs SQL as the runner does (every statement; the result sets of those that return rows), on fresh tables. */
async function runSql(
  setup: string | null,
  code: string,
): Promise<{ tables: ResultTable[]; error: string | null }> {
  // a run that failed inside BEGIN leaves the transaction open; outside one this is only a warning
  await db.exec('ROLLBACK');
  await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  if (setup) await db.exec(setup);
  try {
    const results = (await db.exec(code, { rowMode: 'array' })) as Results<unknown[]>[];
    const tables = results
      .filter((r) => r.fields.length > 0)
      .map((r) => ({ columns: r.fields.map((f) => f.name), rows: r.rows.map((row) => row.map(toCell)) }));
    return { tables, error: null };
  } catch (e) {
    return { tables: [], error: (e as Error).message };
  }
}

/** The SQL check: the last result set of the code against the exercise's expected one. */
async function sqlPasses(setup: string | null, code: string, exercise: ExerciseSpec): Promise<string | null> {
  if (exercise.tests.kind !== 'result') return 'a SQL exercise is checked by its result';
  const { tables, error } = await runSql(setup, code);
  if (error) return error;
  const last = tables.at(-1);
  if (!last) return 'no result set';
  const { equal, message } = compareTables(last, exercise.tests.expected, exercise.tests.ordered);
  return equal ? null : message;
}

describe('SQL kits', () => {
  beforeAll(async () => {
    db = await PGlite.create();
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  const kits = kitsOf('sql');

  it('each has one to three exercises in SQL', () => {
    for (const kit of kits) {
      expect(kit.exercises?.length ?? 0, kit.lesson).toBeGreaterThanOrEqual(1);
      for (const exercise of kit.exercises ?? []) expect(exercise.language).toBe('sql');
    }
  });

  for (const kit of kits) {
    const { setup, exercises } = kitPractice(kit);
    describe(kit.lesson, () => {
      it('runs its example on its tables', async () => {
        const { tables, error } = await runSql(setup, kit.example.code);
        const refused = REFUSED_ON_PURPOSE[kit.lesson];
        if (refused) expect(error).toMatch(refused);
        else expect(error).toBeNull();
        const promised = EXAMPLE_RESULTS[kit.lesson];
        if (promised) {
          const last = tables.at(-1) ?? { columns: [], rows: [] };
          expect(compareTables(last, promised.table, promised.ordered)).toEqual({
            equal: true,
            message: null,
          });
        }
      });

      for (const exercise of exercises) {
        it(`"${exercise.title}": the solution passes, the starter does not`, async () => {
          expect(await sqlPasses(setup, exercise.solution, exercise)).toBeNull();
          expect(await sqlPasses(setup, exercise.starterCode, exercise)).not.toBeNull();
        });
      }
    });
  }
});

describe('the INNER JOIN lesson through the runner', () => {
  const kit = kitsOf('sql').find((k) => k.lesson === 'INNER JOIN') as LessonKit;
  const { setup, exercises } = kitPractice(kit);

  it('returns the three rows its takeaway promises', async () => {
    const run = await runInNode('sql', kit.example.code, { setup });
    expect(run.error).toBeNull();
    const promised = EXAMPLE_RESULTS['INNER JOIN'] as { table: ResultTable };
    expect(run.tables).toHaveLength(1);
    expect(compareTables(run.tables[0] as ResultTable, promised.table, true)).toEqual({
      equal: true,
      message: null,
    });
  }, 120_000);

  it('checks its exercise: the solution passes, the starter fails', async () => {
    const exercise = exercises[0] as ExerciseSpec;
    const solved = await checkInNode('sql', exercise.solution, exercise.tests, { setup });
    expect(solved.failures).toEqual([]);
    const started = await checkInNode('sql', exercise.starterCode, exercise.tests, { setup });
    expect(started.passed).toBeLessThan(started.total);
  }, 120_000);
});

/** Python and JavaScript exercises run as the browser checks them: the code, then each test case. */
function codeExercises(id: string, warmUp: () => Promise<unknown>, every: boolean) {
  const kits = kitsOf(id);
  describe(`${id} kits`, () => {
    beforeAll(warmUp, 120_000);

    if (every) {
      it('each has one to three exercises', () => {
        for (const kit of kits) expect(kit.exercises?.length ?? 0, kit.lesson).toBeGreaterThanOrEqual(1);
      });
    }

    for (const kit of kits) {
      for (const exercise of kitPractice(kit).exercises) {
        it(`${kit.lesson}: "${exercise.title}": the solution passes, the starter does not`, async () => {
          expect(exercise.tests.kind).toBe('code');
          expect(exercise.tests.kind === 'code' && exercise.tests.cases.length).toBeGreaterThanOrEqual(2);
          const solved = await checkInNode(exercise.language, exercise.solution, exercise.tests);
          expect(solved.failures, solved.run.error ?? '').toEqual([]);
          const started = await checkInNode(exercise.language, exercise.starterCode, exercise.tests);
          expect(started.run.status, started.run.error ?? '').not.toBe('timeout');
          expect(started.passed).toBeLessThan(started.total);
        });
      }
    }
  });
}

codeExercises('javascript', () => runInNode('javascript', '1'), true);
codeExercises('python', () => runInNode('python', 'None'), true);
// only where a plain-Python exercise fits (a metric computed by hand): most of these lessons need numpy
codeExercises('machine-learning', () => runInNode('python', 'None'), false);

/**
 * Examples whose run ends in an error the learner is meant to meet: the error is the lesson's point, or what it
 * says is the way on (write the value input() would read; the project's own modules live in that project).
 */
const EXAMPLE_ERRORS: Record<string, RegExp> = {
  'Type hints and mypy': /^TypeError: unsupported operand/,
  'Printing and reading input': /^EOFError: input\(\) has no keyboard to read here/,
  'Writing your first script': /^EOFError: input\(\) has no keyboard to read here/,
  'Modules, packages and imports': /^ModuleNotFoundError: No module named 'shop'/,
  'Testing and refactoring': /^ModuleNotFoundError: No module named 'expenses'/,
};

// Every Python, JavaScript and TypeScript example of the kits either runs where it is read, or its block
// says why not instead of offering Run (numpy, the DOM, a test runner…); never an obscure error.
describe('the kits’ Python and JavaScript examples', () => {
  beforeAll(() => Promise.all([runInNode('python', 'None'), runInNode('javascript', '1')]), 120_000);

  for (const id of ['python', 'javascript', 'machine-learning']) {
    for (const kit of kitsOf(id)) {
      const language = runnableLanguage(kit.example.lang);
      if (!language || language === 'sql') continue;
      it(`${id}: ${kit.lesson}`, async () => {
        const note = cannotRunHere(language, kit.example.code);
        if (note !== null) {
          // the block shows the note in place of Run: it names where the example does run
          expect(note).toMatch(/on your own machine/);
          return;
        }
        const run = await runInNode(language, kit.example.code);
        const expected = EXAMPLE_ERRORS[kit.lesson];
        if (expected) expect(run.error).toMatch(expected);
        else expect(run.error).toBeNull();
        expect(run.status).toBe(expected ? 'error' : 'ok');
      });
    }
  }
});
