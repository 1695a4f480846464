// The runtime cores under Node, in process (tests only: the kits' exercises are verified by running them).
// Never for the API's requests: Pyodide under Node reaches the host's files and processes.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { dataDirFile } from './data-dir-file.ts';
import { JsCore } from './js-core.ts';
import {
  DEFAULT_TIMEOUT_MS,
  type ExerciseTests,
  type RunnableLanguage,
  type RunOptions,
  type RunOutcome,
  type TestOutcome,
} from './protocol.ts';
import type { PythonCore } from './python-core.ts';
import { SqlCore } from './sql-core.ts';

const require = createRequire(import.meta.url);
const pgliteDist = path.dirname(require.resolve('@electric-sql/pglite'));

async function dataDir(): Promise<Blob> {
  return new Blob([await readFile(await dataDirFile())]);
}

let sql: SqlCore | null = null;
let js: Promise<JsCore> | null = null;
let python: Promise<PythonCore> | null = null;

const sqlCore = () => {
  sql ??= new SqlCore({
    dataDir,
    wasm: async () => WebAssembly.compile(await readFile(path.join(pgliteDist, 'pglite.wasm'))),
    fsBundle: async () => new Blob([await readFile(path.join(pgliteDist, 'pglite.data'))]),
  });
  return sql;
};

/**
 * Python's time limit: Pyodide checks a shared flag while it runs; the main thread is busy running it, so a
 * second thread sets the flag when the time is up (SIGINT, 2).
 */
function watchdog(): { buffer: Int32Array; arm(ms: number): () => void } {
  const shared = new SharedArrayBuffer(16);
  const buffer = new Int32Array(shared, 0, 1);
  const generation = new Int32Array(shared, 4, 1);
  const deadline = new BigInt64Array(shared, 8, 1);
  // polls shared memory only (no messages): it must act while the main thread is busy
  const start = () => {
    const t = new Worker(
      `const { workerData } = require('node:worker_threads');
       const REPEAT_MS = 50;
       const flag = new Int32Array(workerData, 0, 1);
       const generation = new Int32Array(workerData, 4, 1);
       const deadline = new BigInt64Array(workerData, 8, 1);
       for (;;) {
         const seen = Atomics.load(generation, 0);
         const at = Number(Atomics.load(deadline, 0));
         if (at === 0) { Atomics.wait(generation, 0, seen); continue; }
         const left = at - Date.now();
         if (left > 0) { Atomics.wait(generation, 0, seen, left); continue; }
         // past the deadline: interrupt, and again every REPEAT_MS until the run disarms, since an interrupt
         // Pyodide takes can still leave the learner's loop running (a CI unit run spun on one for 15 minutes);
         // the deadline is never written here, so a run armed meanwhile keeps its own, and a flag set for a
         // run that has just been replaced is taken back
         Atomics.store(flag, 0, 2);
         if (Number(Atomics.load(deadline, 0)) !== at) Atomics.compareExchange(flag, 0, 2, 0);
         Atomics.wait(generation, 0, seen, REPEAT_MS);
       }`,
      { eval: true, workerData: shared },
    );
    t.unref();
    // a thread that died (an error, a worker killed under memory pressure) is started again at the next arm:
    // without it no run could be stopped, and a runaway loop would spin forever
    t.on('error', () => undefined);
    t.once('exit', () => {
      if (thread === t) thread = null;
    });
    return t;
  };
  let thread: Worker | null = start();
  const set = (at: number) => {
    Atomics.store(deadline, 0, BigInt(at));
    Atomics.add(generation, 0, 1);
    Atomics.notify(generation, 0);
  };
  return {
    buffer,
    arm(ms) {
      thread ??= start();
      set(Date.now() + ms);
      return () => set(0);
    },
  };
}

const pythonCore = () => {
  python ??= import('./python-core.ts').then(({ PythonCore }) => PythonCore.load({ interrupt: watchdog() }));
  return python;
};
const jsCore = () => {
  js ??= JsCore.load();
  return js;
};

/**
 * Runs code as the browser's runner does. The time limit holds for Python (interrupt) and JS/TS (QuickJS's
 * interrupt handler); PGlite cannot interrupt a query, so SQL has none here (the browser terminates its Worker).
 */
export async function runInNode(
  language: RunnableLanguage,
  code: string,
  options: RunOptions = {},
): Promise<RunOutcome> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  switch (language) {
    case 'sql':
      return sqlCore().run(code, options.setup ?? null);
    case 'python':
      return (await pythonCore()).run(code, { timeoutMs });
    case 'javascript':
    case 'typescript':
      return (await jsCore()).run(code, language === 'typescript', { timeoutMs });
  }
}

/** The learner's code, then the exercise's tests, as the browser's runner checks them. */
export async function checkInNode(
  language: RunnableLanguage,
  code: string,
  tests: ExerciseTests,
  options: RunOptions = {},
): Promise<TestOutcome> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  switch (language) {
    case 'sql':
      return sqlCore().check(code, tests, options.setup ?? null);
    case 'python':
      return (await pythonCore()).check(code, tests, { timeoutMs });
    case 'javascript':
    case 'typescript':
      return (await jsCore()).check(code, tests, language === 'typescript', { timeoutMs });
  }
}

/** Back to the setup tables (sql); python and js start fresh on every run already. */
export async function resetInNode(language: RunnableLanguage, options: RunOptions = {}): Promise<void> {
  if (language === 'sql') await sqlCore().reset(options.setup ?? null);
}
