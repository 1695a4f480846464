// The runtimes themselves under Node, as the browser's Workers run them. Few and slow on purpose: Pyodide's
// cold start is seconds, and PGlite's first database here may need an initdb.
import { describe, expect, it } from 'vitest';
import { checkInNode, resetInNode, runInNode } from './node.ts';

const SETUP = `CREATE TABLE customers (id int PRIMARY KEY, name text NOT NULL, city text);
INSERT INTO customers VALUES (1, 'Ada', 'London'), (2, 'Grace', NULL), (3, 'Linus', 'Helsinki');
CREATE TABLE orders (id int PRIMARY KEY, customer_id int REFERENCES customers, total numeric(10, 2));
INSERT INTO orders VALUES (10, 1, 25.00), (11, 1, 12.50), (12, 3, 7.25);`;

describe('JavaScript and TypeScript in QuickJS', () => {
  it('prints, shows the last value, and reports errors in one line', async () => {
    const ok = await runInNode(
      'javascript',
      'const xs = [1, 2, 3];\nconsole.log(xs.map((x) => x * 2));\nxs.length',
    );
    expect(ok).toMatchObject({ status: 'ok', stdout: '[ 2, 4, 6 ]\n', value: '3', error: null });
    const ts = await runInNode('typescript', 'type P = { n: number };\nconst p: P = { n: 2 };\np');
    expect(ts).toMatchObject({ status: 'ok', value: '{ n: 2 }' });
    const mod = await runInNode(
      'javascript',
      'export function twice(n) {\n  return n * 2;\n}\nconsole.log(twice(21));',
    );
    expect(mod).toMatchObject({ status: 'ok', stdout: '42\n', value: null });
    const bad = await runInNode('javascript', 'null.x');
    expect(bad.status).toBe('error');
    expect(bad.error).toMatch(/^TypeError: /);
  });

  it('runs timers after the script, in order, as the event loop lesson states', async () => {
    const code = `console.log('1 sync');
setTimeout(() => console.log('4 timeout task'), 0);
Promise.resolve().then(() => console.log('3 microtask'));
console.log('2 sync');`;
    expect((await runInNode('javascript', code)).stdout).toBe(
      '1 sync\n2 sync\n3 microtask\n4 timeout task\n',
    );
  });

  it('measures real time with performance.now(), as the performance lesson times its loops', async () => {
    const run = await runInNode(
      'javascript',
      'const t = performance.now(); let n = 0; for (let i = 0; i < 1e5; i++) n += i; performance.now() >= t',
    );
    expect(run.error).toBeNull();
    expect(run.value).toBe('true');
  });

  it('stops a runaway loop at the time limit by interrupt, and deep recursion by its small stack', async () => {
    const started = Date.now();
    const loop = await runInNode('javascript', 'while (true) {}', { timeoutMs: 500 });
    expect(loop.status).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
    const chatty = await runInNode('javascript', "for (let i = 0; i < 30000; i++) console.log('line ' + i)");
    expect(chatty.stdout.length).toBeLessThan(100_100);
    expect(chatty.stdout).toMatch(/… [\d,]+ more characters not shown\n$/);
    const deep = await runInNode('javascript', 'const f = (n) => f(n + 1); f(0)');
    expect(deep).toMatchObject({ status: 'error', error: 'InternalError: stack overflow' });
  });

  it('checks with assert and assertEqual (deep)', async () => {
    const tests = {
      kind: 'code' as const,
      cases: [
        { name: 'sums', code: 'assertEqual(sum([1, 2]), 3)' },
        { name: 'empty', code: "assert(sum([]) === 0, 'an empty list sums to 0')" },
      ],
    };
    expect(
      await checkInNode('javascript', 'export const sum = (xs) => xs.reduce((a, b) => a + b, 0);', tests),
    ).toMatchObject({
      passed: 2,
      total: 2,
      failures: [],
    });
    expect(
      await checkInNode('javascript', 'const sum = (xs) => xs.reduce((a, b) => a + b);', tests),
    ).toMatchObject({
      passed: 1,
      failures: [{ name: 'empty', message: 'TypeError: empty array' }],
    });
  });
});

describe('SQL in PGlite', () => {
  it("runs on the lesson's tables: one table per statement that returns rows", async () => {
    const out = await runInNode(
      'sql',
      'SELECT c.name, o.total FROM customers c INNER JOIN orders o ON o.customer_id = c.id ORDER BY o.id;\nSELECT count(*) AS n FROM customers WHERE city IS NULL;',
      { setup: SETUP },
    );
    expect(out.status).toBe('ok');
    expect(out.tables).toEqual([
      {
        columns: ['name', 'total'],
        rows: [
          ['Ada', '25.00'],
          ['Ada', '12.50'],
          ['Linus', '7.25'],
        ],
      },
      { columns: ['n'], rows: [[1]] },
    ]);
  }, 120_000);

  it('keeps changes until Reset, and reports errors as PostgreSQL does', async () => {
    await runInNode('sql', 'DELETE FROM orders', { setup: SETUP });
    expect((await runInNode('sql', 'SELECT count(*) FROM orders', { setup: SETUP })).tables[0]?.rows).toEqual(
      [[0]],
    );
    await resetInNode('sql', { setup: SETUP });
    expect((await runInNode('sql', 'SELECT count(*) FROM orders', { setup: SETUP })).tables[0]?.rows).toEqual(
      [[3]],
    );
    expect(await runInNode('sql', 'BEGIN; SELECT * FROM nowhere', { setup: SETUP })).toMatchObject({
      status: 'error',
      error: 'ERROR: relation "nowhere" does not exist',
    });
    // the failed transaction does not stay in the way of the next run
    expect(await runInNode('sql', 'SELECT 1 AS one', { setup: SETUP })).toMatchObject({ status: 'ok' });
  }, 120_000);

  it('shows the first 1,000 rows of a long result, and checks against all of them', async () => {
    const long = await runInNode('sql', 'SELECT n FROM generate_series(1, 1500) AS n', { setup: SETUP });
    expect(long.tables[0]?.rows).toHaveLength(1000);
    expect(long.stdout).toBe('Showing the first 1,000 of 1,500 rows\n');
    const expected = { columns: ['n'], rows: Array.from({ length: 1500 }, (_, i) => [i + 1]) };
    const checked = await checkInNode('sql', 'SELECT n FROM generate_series(1, 1500) AS n', {
      kind: 'result',
      expected,
      ordered: true,
    });
    expect(checked.passed).toBe(1);
  }, 120_000);

  it('checks the last result set as a multiset, on a fresh copy of the tables', async () => {
    const tests = {
      kind: 'result' as const,
      expected: { columns: ['name'], rows: [['Linus'], ['Ada']] },
      ordered: false,
    };
    await runInNode('sql', 'DELETE FROM customers WHERE id = 2', { setup: SETUP });
    const right = await checkInNode(
      'sql',
      'SELECT DISTINCT c.name FROM customers c JOIN orders o ON o.customer_id = c.id',
      tests,
      {
        setup: SETUP,
      },
    );
    expect(right).toMatchObject({ passed: 1, total: 1, failures: [] });
    const wrong = await checkInNode('sql', 'SELECT name FROM customers', tests, { setup: SETUP });
    expect(wrong.failures).toEqual([{ name: 'Result', message: 'Expected 2 rows, got 3' }]);
  }, 120_000);
});

describe('Python in Pyodide', () => {
  it('prints, shows the last value, reports errors, stops a runaway loop, and checks asserts', async () => {
    const ok = await runInNode(
      'python',
      'import statistics\nprint("mean", statistics.mean([1, 2, 3]))\n{"a": [1, 2]}',
    );
    expect(ok).toMatchObject({ status: 'ok', stdout: 'mean 2\n', value: "{'a': [1, 2]}" });
    const bad = await runInNode('python', 'def f():\n    return undefined_name\nf()');
    expect(bad).toMatchObject({ status: 'error', error: "NameError: name 'undefined_name' is not defined" });
    expect(bad.stderr).toContain('File "<main>", line 2, in f');
    expect(await runInNode('python', 'name = input("Name? ")')).toMatchObject({
      status: 'error',
      stdout: 'Name? ',
      error: 'EOFError: input() has no keyboard to read here: write the value into the code instead',
    });

    const started = Date.now();
    const loop = await runInNode('python', 'while True:\n    pass', { timeoutMs: 1000 });
    expect(loop.status).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await runInNode('python', '2 ** 10')).toMatchObject({ status: 'ok', value: '1024' });

    const tests = {
      kind: 'code' as const,
      cases: [
        { name: 'adds', code: 'assert add(2, 3) == 5' },
        { name: 'zero', code: 'assert add(0, 0) == 0' },
      ],
    };
    expect(await checkInNode('python', 'def add(a, b):\n    return a + b', tests)).toMatchObject({
      passed: 2,
      total: 2,
    });
    expect(await checkInNode('python', 'def add(a, b):\n    return a * b', tests)).toMatchObject({
      passed: 1,
      failures: [{ name: 'adds', message: 'AssertionError: assert add(2, 3) == 5' }],
    });
  }, 180_000);
});
