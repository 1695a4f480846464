/**
 * The page's side of the runner: `runnerFor(language)` gives one Runner per language per page.
 *
 * Why Workers: learner code may never end (`while True: pass`), and Pyodide, PGlite and QuickJS all run it
 * synchronously. In a module Worker the page stays responsive whatever the code does, and Stop or the time
 * limit can always end it by terminating the Worker (the next run starts a fresh one). QuickJS also stops
 * itself at the limit through its interrupt handler, so its Worker survives a runaway loop. Nothing of a
 * runtime is imported here: the Worker is made on the first run or prefetch().
 *
 * Why static files: Rspack bundles a `new Worker(new URL(...))` as a classic worker, which these runtimes'
 * ES modules cannot run in. So the package builds its Workers itself (scripts/build-runtimes.ts) into
 * runtimes/<runtime>-<version>/ with each runtime's own files (wasm, Python's standard library, the prebuilt
 * PostgreSQL data directory), and mf-lessons copies them into its output: served from the app's own origin
 * beside the remote's chunks, versioned with the release, precompressed, immutable; no CDN.
 */
import {
  abortedOutcome,
  DEFAULT_TIMEOUT_MS,
  type ExerciseTests,
  failedTests,
  type RunnableLanguage,
  type RunnerReply,
  type RunnerRequest,
  type RunOptions,
  type RunOutcome,
  stoppedMessage,
  type TestOutcome,
  timeoutMessage,
} from './protocol.ts';
import { type RuntimeName, runtimeOf, workerPath } from './versions.ts';

export type { RunOptions };

export interface Runner {
  run(code: string, options?: RunOptions): Promise<RunOutcome>;
  /** the learner's code, then the exercise's tests (ExerciseTests from @mindpath/contracts/exercises) */
  check(code: string, tests: ExerciseTests, options?: RunOptions): Promise<TestOutcome>;
  /** now: ends the running code (terminating its Worker: the next run starts a fresh one) */
  stop(): void;
  /** sql: back to the setup tables; python/js: every run starts with fresh globals already */
  reset(): Promise<void>;
  /** starts the Worker and loads the runtime (called when the page is idle) */
  prefetch(): void;
}

/** What the client needs of a Worker (a browser Worker, or a Node thread in tests). */
export interface WorkerLike {
  postMessage(message: RunnerRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<RunnerReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}
export type WorkerFactory = (runtime: RuntimeName) => WorkerLike;

/** QuickJS stops itself at the limit; its Worker is terminated only if it has not answered this much later. */
const SELF_LIMITED_GRACE_MS = 1500;

const RUNTIME_NAMES: Record<RuntimeName, string> = {
  python: 'Python',
  sql: 'The database',
  js: 'JavaScript',
};

declare const __webpack_public_path__: string;
let baseUrl: string | null = null;

/** Where runtimes/ is: set by the app, else beside the bundle that holds this module (its public path). */
export function setRuntimesBaseUrl(url: string): void {
  baseUrl = url;
}

function runtimesUrl(): URL {
  const root =
    baseUrl ??
    new URL(
      'runtimes/',
      typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : location.href,
    ).href;
  return new URL(root.endsWith('/') ? root : `${root}/`, location.href);
}

const browserWorker: WorkerFactory = (runtime) =>
  new Worker(new URL(workerPath(runtime), runtimesUrl()), { type: 'module', name: `${runtime} runner` });

/** A request before its id is given. */
type Unsent = RunnerRequest extends infer R ? (R extends RunnerRequest ? Omit<R, 'id'> : never) : never;
type Settle = (reply: RunnerReply | { type: 'gone'; error: string }) => void;

class WorkerRunner implements Runner {
  private worker: WorkerLike | null = null;
  private loaded: Promise<void> | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Settle>();
  private readonly starting = new Map<number, () => void>();
  private queue: Promise<unknown> = Promise.resolve();
  /** increases on stop(): requests queued before it are answered 'stopped' without running */
  private generation = 0;
  private active: ((outcome: RunOutcome) => void) | null = null;
  private activeSince = 0;
  private lastSetup: string | null = null;
  private readonly language: RunnableLanguage;
  private readonly runtime: RuntimeName;
  private readonly createWorker: WorkerFactory;

  constructor(language: RunnableLanguage, createWorker: WorkerFactory) {
    this.language = language;
    this.runtime = runtimeOf(language);
    this.createWorker = createWorker;
  }

  /** `onStarted`: the Worker has the runtime and the database ready and starts the learner's code now. */
  private send(
    request: Unsent,
    onStarted?: () => void,
  ): Promise<RunnerReply | { type: 'gone'; error: string }> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      if (onStarted) this.starting.set(id, onStarted);
      worker.postMessage({ ...request, id } as RunnerRequest);
    });
  }

  private ensureWorker(): WorkerLike {
    if (this.worker) return this.worker;
    const worker = this.createWorker(this.runtime);
    worker.onmessage = (event) => {
      const { id, type } = event.data;
      if (type === 'started') {
        this.starting.get(id)?.();
        this.starting.delete(id);
        return;
      }
      const settle = this.pending.get(id);
      this.pending.delete(id);
      this.starting.delete(id);
      settle?.(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.kill(
        `${RUNTIME_NAMES[this.runtime]} stopped unexpectedly${event.message ? `: ${event.message}` : ''}`,
      );
    };
    this.worker = worker;
    return worker;
  }

  /** Terminates the Worker; every request waiting for it is answered `error`. */
  private kill(error: string): void {
    this.worker?.terminate();
    this.worker = null;
    this.loaded = null;
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.starting.clear();
    for (const settle of waiting) settle({ type: 'gone', error });
  }

  private load(): Promise<void> {
    this.loaded ??= this.send({ type: 'load' }).then((reply) => {
      if (reply.type === 'loaded') return;
      this.kill('');
      throw new Error(
        `${RUNTIME_NAMES[this.runtime]} could not start in this browser${
          'error' in reply && reply.error ? ` (${reply.error})` : ''
        }. Reload the page to try again.`,
      );
    });
    return this.loaded;
  }

  prefetch(): void {
    this.load().catch(() => undefined);
  }

  private enqueue<T>(job: (stale: boolean) => Promise<T>): Promise<T> {
    const generation = this.generation;
    const next = this.queue.then(() => job(generation !== this.generation));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** One run or check: load, send, and end it at the time limit or on stop(). */
  private execute(request: Extract<Unsent, { timeoutMs: number }>): Promise<RunnerReply | RunOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const finish = (result: RunnerReply | RunOutcome) => {
        clearTimeout(timer);
        this.active = null;
        resolve(result);
      };
      this.active = finish;
      this.activeSince = started;
      this.load()
        .then(async () => {
          if (this.active !== finish) return;
          const grace = this.runtime === 'js' ? SELF_LIMITED_GRACE_MS : 0;
          // the limit is the learner's code's: it starts when the Worker starts it, not while PGlite makes the
          // lesson's database
          const startTimer = () => {
            const ranFrom = performance.now();
            timer = setTimeout(() => {
              this.kill('');
              finish(
                abortedOutcome(
                  'timeout',
                  timeoutMessage(request.timeoutMs),
                  Math.round(performance.now() - ranFrom),
                ),
              );
            }, request.timeoutMs + grace);
          };
          const reply = await this.send(request, startTimer);
          if (this.active !== finish) return;
          finish(reply.type === 'gone' ? abortedOutcome('error', reply.error, elapsed()) : reply);
        })
        .catch((e: unknown) => {
          if (this.active === finish)
            finish(abortedOutcome('error', e instanceof Error ? e.message : String(e), elapsed()));
        });
    });
  }

  run(code: string, options: RunOptions = {}): Promise<RunOutcome> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const setup = options.setup ?? null;
    this.lastSetup = setup;
    return this.enqueue(async (stale) => {
      if (stale) return abortedOutcome('stopped', stoppedMessage(0), 0);
      const result = await this.execute({ type: 'run', language: this.language, code, timeoutMs, setup });
      if ('status' in result) return result;
      if (result.type === 'ran') return result.outcome;
      return abortedOutcome('error', result.type === 'failed' ? result.error : 'Unexpected reply', 0);
    });
  }

  check(code: string, tests: ExerciseTests, options: RunOptions = {}): Promise<TestOutcome> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const setup = options.setup ?? null;
    this.lastSetup = setup;
    const total = tests.kind === 'code' ? tests.cases.length : 1;
    return this.enqueue(async (stale) => {
      if (stale)
        return failedTests(abortedOutcome('stopped', stoppedMessage(0), 0), total, stoppedMessage(0));
      const result = await this.execute({
        type: 'check',
        language: this.language,
        code,
        tests,
        timeoutMs,
        setup,
      });
      if ('status' in result) return failedTests(result, total, result.error ?? 'Your code did not finish');
      if (result.type === 'checked') return result.outcome;
      const error = result.type === 'failed' ? result.error : 'Unexpected reply';
      return failedTests(abortedOutcome('error', error, 0), total, error);
    });
  }

  stop(): void {
    this.generation += 1;
    const active = this.active;
    if (!active) return;
    const ms = Math.round(performance.now() - this.activeSince);
    this.kill('');
    active(abortedOutcome('stopped', stoppedMessage(ms), ms));
  }

  reset(): Promise<void> {
    return this.enqueue(async () => {
      // no Worker: the next run starts from the setup anyway
      if (!this.worker) return;
      const reply = await this.send({ type: 'reset', setup: this.lastSetup });
      if (reply.type !== 'reset') this.kill('');
    });
  }
}

const runners = new Map<RunnableLanguage, Runner>();

/** The page's runner of a language (JavaScript and TypeScript share one Worker kind, not one instance). */
export function runnerFor(language: RunnableLanguage): Runner {
  let runner = runners.get(language);
  if (!runner) {
    runner = new WorkerRunner(language, browserWorker);
    runners.set(language, runner);
  }
  return runner;
}

/** A runner on Workers made by `createWorker` (tests run the real Worker code in Node threads). */
export function createRunner(language: RunnableLanguage, createWorker: WorkerFactory): Runner {
  return new WorkerRunner(language, createWorker);
}
