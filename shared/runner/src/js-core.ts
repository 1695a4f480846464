// JavaScript and TypeScript in QuickJS (WebAssembly): a fresh runtime per run, with a time limit by interrupt,
// a memory limit and a small stack. The same module runs in the Worker and under Node.
import variant from '@jitl/quickjs-wasmfile-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import { transform } from 'sucrase';
import { SANDBOX_PRELUDE } from './js-sandbox.ts';
import { capValue, OutputBuffer } from './output-limits.ts';
import type { ExerciseTests, RunOutcome, TestFailure, TestOutcome } from './protocol.ts';
import { failedTests, stoppedMessage, timeoutMessage } from './protocol.ts';

export const MEMORY_LIMIT_BYTES = 64 * 1024 * 1024;
/** A deeper stack lets a runaway recursion abort the host (measured): 256 KB is the most QuickJS takes. */
export const MAX_STACK_BYTES = 256 * 1024;

let modulePromise: Promise<QuickJSWASMModule> | null = null;

/** Loads (once) the QuickJS WebAssembly module; its .wasm is found beside the variant's (or the worker's) file. */
export function loadQuickJS(): Promise<QuickJSWASMModule> {
  modulePromise ??= newQuickJSWASMModuleFromVariant(variant);
  return modulePromise;
}

/** The learner's TypeScript as JavaScript: types stripped, nothing else changed (line numbers kept). */
export function stripTypes(code: string): string {
  return transform(code, { transforms: ['typescript'], disableESTransforms: true }).code;
}

interface Session {
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  inspect: QuickJSHandle;
  nextTimer: QuickJSHandle;
  stdout: OutputBuffer;
  stderr: OutputBuffer;
  /** why the interrupt handler stopped the code, once it has */
  interrupted: 'timeout' | 'stopped' | null;
  started: number;
}

/** One line of a QuickJS error: "ReferenceError: x is not defined". */
function errorText(context: QuickJSContext, handle: QuickJSHandle): string {
  const dumped = context.dump(handle) as unknown;
  if (dumped && typeof dumped === 'object' && 'message' in dumped) {
    const e = dumped as { name?: string; message?: string };
    return `${e.name ?? 'Error'}: ${e.message ?? ''}`;
  }
  return `Uncaught ${typeof dumped === 'string' ? `'${dumped}'` : JSON.stringify(dumped)}`;
}

export interface JsRunLimits {
  timeoutMs: number;
  /** checked by the interrupt handler: true stops the code now (status 'stopped') */
  shouldStop?: () => boolean;
}

export class JsCore {
  private readonly module: QuickJSWASMModule;

  constructor(module: QuickJSWASMModule) {
    this.module = module;
  }

  static async load(): Promise<JsCore> {
    return new JsCore(await loadQuickJS());
  }

  private open(limits: JsRunLimits): Session {
    const runtime = this.module.newRuntime();
    runtime.setMemoryLimit(MEMORY_LIMIT_BYTES);
    runtime.setMaxStackSize(MAX_STACK_BYTES);
    const started = Date.now();
    const deadline = started + limits.timeoutMs;
    const context = runtime.newContext();
    const session = {
      runtime,
      context,
      stdout: new OutputBuffer(),
      stderr: new OutputBuffer(),
      interrupted: null,
      started,
      // the prelude's two functions are set just below, once the context can run it
    } as Omit<Session, 'inspect' | 'nextTimer'> as Session;
    runtime.setInterruptHandler(() => {
      if (limits.shouldStop?.()) session.interrupted = 'stopped';
      else if (Date.now() > deadline) session.interrupted = 'timeout';
      return session.interrupted !== null;
    });
    const write = context.newFunction('__mpWrite', (stream, text) => {
      const target = context.getString(stream) === 'stderr' ? session.stderr : session.stdout;
      target.write(context.getString(text));
    });
    context.setProp(context.global, '__mpWrite', write);
    write.dispose();
    const prelude = context.unwrapResult(context.evalCode(SANDBOX_PRELUDE, 'prelude.js'));
    session.inspect = context.getProp(prelude, 0);
    session.nextTimer = context.getProp(prelude, 1);
    prelude.dispose();
    return session;
  }

  private close(s: Session): void {
    s.inspect.dispose();
    s.nextTimer.dispose();
    s.context.dispose();
    s.runtime.dispose();
  }

  /** Runs promise jobs, then timers in order (each followed by its jobs), until none is left. */
  private settle(s: Session): string | null {
    for (;;) {
      const jobs = s.runtime.executePendingJobs();
      if (jobs.error) {
        const text = errorText(s.context, jobs.error);
        jobs.error.dispose();
        return text;
      }
      if (s.interrupted) return 'interrupted';
      const more = s.context.callFunction(s.nextTimer, s.context.undefined);
      if (more.error) {
        const text = errorText(s.context, more.error);
        more.error.dispose();
        return text;
      }
      const any = s.context.dump(more.value) as boolean;
      more.value.dispose();
      if (!any) return null;
    }
  }

  /**
   * Evaluates one script; a top-level `await` makes it a module (no last value then). Returns the error text or
   * the display of its completion value.
   */
  private evaluate(
    s: Session,
    code: string,
    filename: string,
  ): { error: string | null; value: string | null } {
    // `export function …` is module code: evaluated as a module (it has no last value)
    const isModule = /^\s*export\s/m.test(code);
    let result = s.context.evalCode(code, filename, { type: isModule ? 'module' : 'global' });
    if (!result.error && isModule) {
      const settled = this.settle(s);
      const state = s.context.getPromiseState(result.value);
      if (state.type === 'rejected') {
        result.value.dispose();
        const text = errorText(s.context, state.error);
        state.error.dispose();
        return { error: text, value: null };
      }
      // its exports become globals, as a script's declarations are: the exercise's tests call them by name
      if (state.type === 'fulfilled') {
        const globalize = s.context.unwrapResult(
          s.context.evalCode(
            '(ns) => { for (const k of Object.keys(ns)) globalThis[k] = ns[k]; }',
            'exports.js',
          ),
        );
        s.context.callFunction(globalize, s.context.undefined, state.value).dispose();
        globalize.dispose();
        if (state.notAPromise !== true) state.value.dispose();
      }
      result.value.dispose();
      return { error: settled, value: null };
    }
    if (result.error && !isModule && /\bawait\b/.test(code)) {
      const text = errorText(s.context, result.error);
      if (/SyntaxError/.test(text)) {
        result.error.dispose();
        result = s.context.evalCode(code, filename, { type: 'module' });
        if (!result.error) {
          const settled = this.settle(s);
          const state = s.context.getPromiseState(result.value);
          result.value.dispose();
          if (state.type === 'rejected') {
            const text2 = errorText(s.context, state.error);
            state.error.dispose();
            return { error: text2, value: null };
          }
          if (state.type === 'fulfilled') state.value.dispose();
          return { error: settled, value: null };
        }
      }
    }
    if (result.error) {
      const text = errorText(s.context, result.error);
      result.error.dispose();
      return { error: text, value: null };
    }
    const handle = result.value;
    let value: string | null = null;
    let error: string | null = null;
    const settled = this.settle(s);
    if (settled) error = settled;
    const state = s.context.typeof(handle) === 'object' ? s.context.getPromiseState(handle) : null;
    if (state && state.type === 'rejected') {
      error ??= errorText(s.context, state.error);
      state.error.dispose();
    } else if (state && state.type === 'fulfilled' && state.notAPromise !== true) {
      value = this.display(s, state.value);
      state.value.dispose();
    } else {
      if (state?.type === 'fulfilled' && state.notAPromise !== true) state.value.dispose();
      value = this.display(s, handle);
    }
    handle.dispose();
    return { error, value };
  }

  private display(s: Session, handle: QuickJSHandle): string | null {
    if (s.context.typeof(handle) === 'undefined') return null;
    const shown = s.context.callFunction(s.inspect, s.context.undefined, handle);
    if (shown.error) {
      shown.error.dispose();
      return null;
    }
    const text = s.context.getString(shown.value);
    shown.value.dispose();
    return text;
  }

  private outcome(s: Session, error: string | null, value: string | null, limits: JsRunLimits): RunOutcome {
    const ms = Date.now() - s.started;
    const status = s.interrupted ?? (error ? 'error' : 'ok');
    return {
      status,
      stdout: s.stdout.text(),
      stderr: s.stderr.text(),
      value: status === 'ok' ? capValue(value) : null,
      tables: [],
      error:
        s.interrupted === 'timeout'
          ? timeoutMessage(limits.timeoutMs)
          : s.interrupted === 'stopped'
            ? stoppedMessage(ms)
            : error,
      ms,
    };
  }

  private source(code: string, typescript: boolean): { code: string } | { error: string } {
    if (!typescript) return { code };
    try {
      return { code: stripTypes(code) };
    } catch (e) {
      return { error: `SyntaxError: ${e instanceof Error ? e.message : String(e)}` };
    }
  }

  run(code: string, typescript: boolean, limits: JsRunLimits): RunOutcome {
    const s = this.open(limits);
    try {
      const src = this.source(code, typescript);
      if ('error' in src) return this.outcome(s, src.error, null, limits);
      const { error, value } = this.evaluate(s, src.code, typescript ? 'main.ts' : 'main.js');
      return this.outcome(s, error, value, limits);
    } finally {
      this.close(s);
    }
  }

  /** The learner's code, then each case in the same globals (each in its own block scope). */
  check(code: string, tests: ExerciseTests, typescript: boolean, limits: JsRunLimits): TestOutcome {
    if (tests.kind !== 'code') throw new Error('JavaScript exercises are checked by code tests');
    const total = tests.cases.length;
    const s = this.open(limits);
    try {
      const src = this.source(code, typescript);
      if ('error' in src) return failedTests(this.outcome(s, src.error, null, limits), total, src.error);
      const main = this.evaluate(s, src.code, typescript ? 'main.ts' : 'main.js');
      const run = this.outcome(s, main.error, main.value, limits);
      if (run.status !== 'ok') return failedTests(run, total, run.error ?? 'Your code did not finish');
      const failures: TestFailure[] = [];
      for (const c of tests.cases) {
        if (s.interrupted) {
          failures.push({ name: c.name, message: 'Not run: the time limit was reached first' });
          continue;
        }
        const caseSrc = this.source(c.code, typescript);
        if ('error' in caseSrc) {
          failures.push({ name: c.name, message: caseSrc.error });
          continue;
        }
        const body = caseSrc.code;
        const wrapped = /\bawait\b/.test(body) ? `(async () => {\n${body}\n})()` : `{\n${body}\n}`;
        const result = this.evaluate(s, wrapped, 'test.js');
        if (s.interrupted)
          failures.push({ name: c.name, message: this.outcome(s, null, null, limits).error ?? '' });
        else if (result.error) failures.push({ name: c.name, message: result.error });
      }
      return {
        passed: total - failures.length,
        total,
        failures,
        run: this.outcome(s, null, main.value, limits),
      };
    } finally {
      this.close(s);
    }
  }
}
