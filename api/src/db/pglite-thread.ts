// The embedded PostgreSQL (PGlite) on a thread of its own, as the API sees it: PGlite's query, exec and
// transaction, run on the thread pglite-thread-worker.ts starts. In the API's thread, PostgreSQL's
// WebAssembly took a third of a grade's time and PGlite's JavaScript a fifth, on the thread that also
// answers HTTP, while the second core idled (`pnpm bench --only api`, --cpu-prof). Here each statement
// crosses to the database's thread as one message of protocol bytes and comes back as one; this thread
// keeps PGlite's two locks and parses the answers with PGlite's own parser, parsers and serializers.
// PGlite's PGliteWorker is made for browser tabs (a leader elected with navigator.locks, every lock an RPC
// over BroadcastChannel: five round trips a statement), so it is not used.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  parse,
  protocol,
  type QueryOptions,
  type Results,
  TransactionAbortedError,
  types,
} from '@electric-sql/pglite';
import type { ThreadAnswer, ThreadCommand, ThreadStart } from './pglite-thread-worker.ts';

const { serialize } = protocol;
type BackendMessage = Parameters<typeof parse.parseResults>[0][number];
const { DatabaseError } = protocol.messages;

/**
 * Runs one function at a time, in the order they came: PGlite's locks, as a promise chain. PGlite's own
 * (async-mutex, compiled to generators) took 5 % of the API's time under grading.
 */
class Lock {
  #tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(fn);
    this.#tail = result.catch(() => {});
    return result;
  }
}

/** PGlite's error as its query throws it: the statement and its parameters on PostgreSQL's error */
function withQuery(error: unknown, query: string, params: unknown[] | undefined, options?: QueryOptions) {
  if (error instanceof DatabaseError) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/** pglite.wasm compiled once per process: each thread instantiates it instead of compiling 9 MB again */
let wasmModule: Promise<WebAssembly.Module> | undefined;
function compiledWasm(): Promise<WebAssembly.Module> {
  if (!wasmModule) {
    const dist = join(createRequire(import.meta.url).resolve('@electric-sql/pglite'), '..');
    wasmModule = readFile(join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes));
  }
  return wasmModule;
}

export interface PgliteThreadOptions {
  /** a directory to persist in; in memory when absent */
  dataDir?: string;
  /** a snapshot from `dumpDataDir` to start from (bytes: a Blob would be read in 64 KB steps, twice) */
  loadDataDir?: Uint8Array;
}

export interface ThreadTransaction {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(query: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export class PgliteThread {
  readonly serializers: Record<number | string, types.Serializer> = { ...types.serializers };
  readonly parsers: Record<number | string, types.Parser> = { ...types.parsers };
  readonly #worker: Worker;
  /** answers awaited, in the order their messages went (the thread answers in that order) */
  readonly #waiting: { resolve: (answer: Uint8Array | ThreadAnswer) => void; reject: (e: Error) => void }[] =
    [];
  #stopped: Error | undefined;
  /** the thread's end (awaited from the start: its last answers and its exit can come in one turn) */
  readonly #exited: Promise<void>;
  readonly #queryLock = new Lock();
  readonly #transactionLock = new Lock();

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (answer: Uint8Array | ThreadAnswer) => {
      this.#waiting.shift()?.resolve(answer);
      if (this.#waiting.length === 0) worker.unref();
    });
    worker.on('error', (error) => this.#stop(error));
    this.#exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        this.#stop(new Error(`the database thread exited (code ${code})`));
        resolve();
      }),
    );
  }

  static async create(options: PgliteThreadOptions = {}): Promise<PgliteThread> {
    const start: ThreadStart = { wasmModule: await compiledWasm() };
    if (options.dataDir) start.dataDir = options.dataDir;
    // copied to the thread (milliseconds for a migrated database's 40 MB)
    if (options.loadDataDir) start.loadDataDir = options.loadDataDir;
    const worker = new Worker(new URL('./pglite-thread-worker.ts', import.meta.url), { workerData: start });
    const thread = new PgliteThread(worker);
    const ready = await thread.#answer();
    if (!('ready' in ready)) throw new Error(`the database did not start: ${JSON.stringify(ready)}`);
    await thread.#initArrayTypes();
    return thread;
  }

  #stop(error: Error) {
    this.#stopped ??= error;
    for (const waiting of this.#waiting.splice(0)) waiting.reject(this.#stopped);
  }

  #answer(): Promise<Uint8Array | ThreadAnswer> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    // the thread keeps the process alive only while an answer is awaited: an idle database holds no process
    // open, and a script awaiting its last statement is not ended before the answer
    if (this.#waiting.length === 0) this.#worker.ref();
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  async #command(command: ThreadCommand): Promise<ThreadAnswer> {
    const answer = this.#answer();
    this.#worker.postMessage(command);
    const result = await answer;
    if (result instanceof Uint8Array || 'failed' in result)
      throw new Error(`the database thread failed: ${'failed' in result ? result.failed : 'bytes'}`);
    return result;
  }

  /** PGlite's execProtocolRaw, on the database's thread: no lock taken */
  async execProtocolRaw(message: Uint8Array): Promise<Uint8Array> {
    const answer = this.#answer();
    // copied, not transferred: a statement's few hundred bytes copy faster than a buffer changes hands.
    // A view into a larger buffer is cut out first, or the whole buffer would be copied.
    const own = message.byteOffset === 0 && message.byteLength === message.buffer.byteLength;
    this.#worker.postMessage(own ? message : message.slice());
    const result = await answer;
    if (!(result instanceof Uint8Array))
      throw new Error(`the database thread failed: ${JSON.stringify(result)}`);
    return result;
  }

  /**
   * PGlite's execProtocol: the messages PostgreSQL answered, up to its first error, which it throws (no lock
   * taken). No syncToFs: Node's file system needs none.
   */
  async execProtocol(
    message: Uint8Array,
    options: { onNotice?: QueryOptions['onNotice'] } = {},
  ): Promise<{ messages: BackendMessage[]; data: Uint8Array }> {
    const data = await this.execProtocolRaw(message);
    const messages: BackendMessage[] = [];
    let error: InstanceType<typeof DatabaseError> | undefined;
    new protocol.Parser().parse(data, (msg) => {
      if (error) return;
      if (msg instanceof DatabaseError) error = msg;
      else if (msg instanceof protocol.messages.NoticeMessage) options.onNotice?.(msg);
      else messages.push(msg);
    });
    if (error) throw error;
    return { messages, data };
  }

  /**
   * One batch of messages ending in Sync, sent once no transaction (in one, no other of its statements)
   * holds the database, and answered later: the thread runs batches in the order they are sent, so the next
   * statement goes before this one's answer is back, and the thread has the next batch waiting.
   * `inTransaction`: sent by the open transaction's own statements.
   */
  async send(message: Uint8Array, inTransaction = false): Promise<BackendMessage[]> {
    const post = async () => ({ answer: this.execProtocol(message) });
    const { answer } = await (inTransaction
      ? this._runExclusiveQuery(post)
      : this._runExclusiveTransaction(() => this._runExclusiveQuery(post)));
    return (await answer).messages;
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryLock.run(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionLock.run(fn);
  }

  /** One statement with `$1…` parameters (PGlite's query): after any open transaction, alone. */
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this._runExclusiveTransaction(() => this.#runQuery<T>(query, params, options));
  }

  /** Statements without parameters, separated by semicolons (PGlite's exec). */
  exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this._runExclusiveTransaction(() => this.#runExec(query, options));
  }

  /**
   * As PGlite's: unnamed, the statement is parsed, described, bound and run, then synced (one message to
   * the database's thread when it has no parameters, two when their types must be known first)
   */
  #runQuery<T>(query: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this._runExclusiveQuery(async () => {
      const send = async (...parts: Uint8Array[]) =>
        (await this.execProtocol(joined([...parts, serialize.sync()]), options)).messages;
      try {
        const parsing = serialize.parse({
          text: query,
          ...(options?.paramTypes ? { types: options.paramTypes } : {}),
        });
        const run = [
          serialize.bind({ values: [] }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
        ];
        if (params.length === 0)
          return parse.parseResults(await send(parsing, ...run), this.parsers, options)[0] as Results<T>;
        // the parameters' types first, for their serializers; the unnamed statement outlives the Sync
        const oids = parse.parseDescribeStatementResults(
          await send(parsing, serialize.describe({ type: 'S' })),
        );
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const oid = oids[i] ?? 0;
          const serializer = options?.serializers?.[oid] ?? this.serializers[oid];
          return serializer ? serializer(value) : String(value);
        });
        run[0] = serialize.bind({ values });
        return parse.parseResults(await send(...run), this.parsers, options)[0] as Results<T>;
      } catch (error) {
        throw withQuery(error, query, params, options);
      }
    });
  }

  #runExec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this._runExclusiveQuery(async () => {
      try {
        const { messages } = await this.execProtocol(
          joined([serialize.query(query), serialize.sync()]),
          options,
        );
        return parse.parseResults(messages, this.parsers, options) as Results[];
      } catch (error) {
        throw withQuery(error, query, undefined, options);
      }
    });
  }

  /** As PGlite's transaction: BEGIN, the callback's statements alone, then COMMIT, or ROLLBACK on a throw. */
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    return this._runExclusiveTransaction(async () => {
      // BEGIN goes ahead of the callback's first statement, unanswered: the thread runs them in order, so
      // the transaction costs one round trip less. Its answer is read before COMMIT or ROLLBACK.
      const begun = this.send(joined([serialize.query('BEGIN'), serialize.sync()]), true);
      begun.catch(() => {});
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: ThreadTransaction = {
        query: async (query, params, options) => {
          open();
          return await this.#runQuery(query, params, options);
        },
        exec: async (query, options) => {
          open();
          return await this.#runExec(query, options);
        },
        rollback: async () => {
          open();
          await this.#runExec('ROLLBACK');
          closed = true;
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        await begun;
        if (!closed) {
          closed = true;
          const [commit] = await this.#runExec('COMMIT');
          if (commit?.command === 'ROLLBACK')
            throw withQuery(new TransactionAbortedError(), 'COMMIT', undefined);
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await this.#runExec('ROLLBACK');
        }
        // a BEGIN that failed is what went wrong first
        await begun;
        throw error;
      }
    });
  }

  /** The data directory as a tarball (PGlite's dumpDataDir), for `loadDataDir`. */
  dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Uint8Array> {
    return this._runExclusiveQuery(async () => {
      const answer = await this.#command({ dump: compression });
      if (!('dump' in answer)) throw new Error('the database thread answered no dump');
      return new Uint8Array(answer.dump);
    });
  }

  /** Closes PGlite cleanly (its data directory needs no recovery then), and ends its thread. */
  close(): Promise<void> {
    return this._runExclusiveTransaction(() =>
      this._runExclusiveQuery(async () => {
        if (this.#stopped) return;
        await this.#command({ close: true });
        this.#worker.ref();
        await this.#exited;
      }),
    );
  }

  /**
   * Parsers and serializers for every array type, from their element's (what PGlite does when it starts).
   */
  async #initArrayTypes() {
    const { rows } = await this.query<{ oid: number; typarray: number }>(`
      SELECT b.oid, b.typarray
      FROM pg_catalog.pg_type a
      LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
      WHERE a.typcategory = 'A'
      GROUP BY b.oid, b.typarray
      ORDER BY b.oid`);
    for (const { oid, typarray } of rows) {
      this.serializers[typarray] = (x) => types.arraySerializer(x, this.serializers[oid], typarray);
      // an element without a parser is read as text, as in PGlite
      this.parsers[typarray] = (x) => types.arrayParser(x, this.parsers[oid] as types.Parser, typarray);
    }
  }
}

/** protocol messages as one batch */
export function joined(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
