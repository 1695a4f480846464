// SQL in PGlite (PostgreSQL in WebAssembly): the lesson's database starts from a prebuilt data directory (a
// fresh initdb takes ~8 s in a browser, loading one ~1 s), then the lesson's setup SQL runs once. Runs change
// that database until Reset makes it again. The same module runs in the Worker and under Node.
import { PGlite, type Results } from '@electric-sql/pglite';
import { compareTables } from './compare.ts';
import { capTable } from './output-limits.ts';
import type { Cell, ExerciseTests, ResultTable, RunOutcome, TestOutcome } from './protocol.ts';
import { failedTests } from './protocol.ts';

const asText = (value: string) => value;
const int8 = (value: string) => {
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : value;
};
/**
 * Types shown as PostgreSQL writes them (psql's output, the kits' comments) rather than as JS objects: dates and
 * times, intervals, json; bigint as a number while it fits.
 */
const PARSERS = {
  20: int8,
  114: asText,
  3802: asText,
  1082: asText,
  1083: asText,
  1114: asText,
  1184: asText,
  1186: asText,
  1266: asText,
};

/** A value of a result row as a table cell. */
export function toCell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array)
    return `\\x${[...value].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  if (Array.isArray(value)) return `{${value.map((v) => String(toCell(v) ?? 'NULL')).join(',')}}`;
  return JSON.stringify(value);
}

function toTable(result: Results<unknown[]>): ResultTable {
  return {
    columns: result.fields.map((f) => f.name),
    rows: result.rows.map((row) => row.map(toCell)),
  };
}

/** "ERROR: relation "x" does not exist" as one line, with PostgreSQL's hint when it gives one. */
function errorText(e: unknown): string {
  if (e && typeof e === 'object' && 'message' in e) {
    const { message, hint } = e as { message: string; hint?: string };
    return `ERROR: ${message}${hint ? ` (${hint})` : ''}`;
  }
  return `ERROR: ${String(e)}`;
}

export interface SqlCoreFiles {
  /** the data directory made at build time (dumpDataDir), as a tarball */
  dataDir: () => Promise<Blob>;
  /** pglite.wasm compiled once: every Reset starts a new PGlite on it instead of compiling 9 MB again */
  wasm: () => Promise<WebAssembly.Module>;
  /** pglite.data (PostgreSQL's share files), read once */
  fsBundle: () => Promise<Blob>;
}

/**
 * initdb's module is needed only to make a database; PGlite starts downloading it unless given one. The data
 * directory is loaded instead, so an empty module stands in and the 300 KB initdb.wasm is never fetched.
 */
const NO_INITDB = new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));

/** The files' loaders, each run once (a failed load is tried again next time). */
export function memoFiles(files: SqlCoreFiles): SqlCoreFiles {
  const once = <T>(load: () => Promise<T>) => {
    let p: Promise<T> | null = null;
    return () => {
      p ??= load().catch((e) => {
        p = null;
        throw e;
      });
      return p;
    };
  };
  return { dataDir: once(files.dataDir), wasm: once(files.wasm), fsBundle: once(files.fsBundle) };
}

export class SqlCore {
  private db: PGlite | null = null;
  private setup: string | null = null;
  /** the setup's own error, shown with every run until the setup is fixed */
  private setupError: string | null = null;
  private readonly files: SqlCoreFiles;
  /** the last run's tables before they were cut for the page: check() compares the whole result */
  private fullTables: ResultTable[] = [];

  constructor(files: SqlCoreFiles) {
    this.files = memoFiles(files);
  }

  /** Fetches and compiles PGlite's files (a prefetch): the first run then only makes the database. */
  async prepare(): Promise<void> {
    await Promise.all([this.files.dataDir(), this.files.wasm(), this.files.fsBundle()]);
  }

  /** Starts PGlite on a copy of the prebuilt data directory and runs the setup SQL. */
  async reset(setup: string | null): Promise<void> {
    const old = this.db;
    this.db = null;
    if (old) await old.close().catch(() => undefined);
    const [loadDataDir, pgliteWasmModule, fsBundle] = await Promise.all([
      this.files.dataDir(),
      this.files.wasm(),
      this.files.fsBundle(),
    ]);
    const db = await PGlite.create({
      loadDataDir,
      pgliteWasmModule,
      fsBundle,
      initdbWasmModule: NO_INITDB,
      parsers: PARSERS,
    });
    this.setup = setup;
    this.setupError = null;
    if (setup?.trim()) {
      try {
        await db.exec(setup);
      } catch (e) {
        this.setupError = `The lesson's tables could not be made: ${errorText(e)}`;
      }
    }
    this.db = db;
  }

  private async ready(setup: string | null): Promise<PGlite> {
    if (!this.db || setup !== this.setup) await this.reset(setup);
    return this.db as PGlite;
  }

  /** `started` is called when the database is ready and the code starts. */
  async run(code: string, setup: string | null, started?: () => void): Promise<RunOutcome> {
    const db = await this.ready(setup);
    this.fullTables = [];
    started?.();
    const since = performance.now();
    const notices: string[] = [];
    try {
      const results = (await db.exec(code, {
        rowMode: 'array',
        onNotice: (n) => notices.push(`${n.severity}: ${n.message}\n`),
      })) as Results<unknown[]>[];
      const tables = results.filter((r) => r.fields.length > 0).map(toTable);
      this.fullTables = tables;
      const shown = tables.map(capTable);
      const affected = results
        .filter((r) => r.fields.length === 0 && r.affectedRows)
        .map((r) => `${r.affectedRows} row${r.affectedRows === 1 ? '' : 's'} affected\n`);
      return {
        status: 'ok',
        stdout: [...affected, ...shown.flatMap((t) => (t.note ? [t.note] : []))].join(''),
        stderr: [this.setupError ? `${this.setupError}\n` : '', ...notices].join(''),
        value: null,
        tables: shown.map((t) => t.table),
        error: null,
        ms: Math.round(performance.now() - since),
      };
    } catch (e) {
      // a failed statement inside the learner's BEGIN leaves the transaction aborted: every later run would say
      // so until a ROLLBACK; end it now, as psql's users do (outside a transaction this is a no-op notice)
      await db.exec('ROLLBACK').catch(() => undefined);
      return {
        status: 'error',
        stdout: '',
        stderr: [this.setupError ? `${this.setupError}\n` : '', ...notices].join(''),
        value: null,
        tables: [],
        error: errorText(e),
        ms: Math.round(performance.now() - since),
      };
    }
  }

  /** On a fresh copy of the lesson's tables: the learner's last result set against the expected one. */
  async check(
    code: string,
    tests: ExerciseTests,
    setup: string | null,
    started?: () => void,
  ): Promise<TestOutcome> {
    if (tests.kind !== 'result') throw new Error('SQL exercises are checked by their expected result');
    await this.reset(setup);
    const run = await this.run(code, setup, started);
    if (run.status !== 'ok') return failedTests(run, 1, run.error ?? 'Your query did not finish');
    const last = this.fullTables.at(-1);
    if (!last)
      return failedTests(run, 1, 'Your query returned no rows: the last statement should be a SELECT');
    const { equal, message } = compareTables(last, tests.expected, tests.ordered);
    return equal
      ? { passed: 1, total: 1, failures: [], run }
      : {
          passed: 0,
          total: 1,
          failures: [{ name: 'Result', message: message ?? 'Not the expected result' }],
          run,
        };
  }

  async close(): Promise<void> {
    await this.db?.close();
    this.db = null;
  }
}

/** A fresh database's data directory (initdb, seconds): made once at build time, or once per Node process. */
export async function makeDataDir(compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
  const db = await PGlite.create();
  try {
    return await db.dumpDataDir(compression);
  } finally {
    await db.close();
  }
}
