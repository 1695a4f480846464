// Python in Pyodide (CPython in WebAssembly): core language and standard library, no packages. Each run gets
// fresh globals (like `python file.py`); the interpreter stays loaded. The same module runs in the Worker and
// under Node.
import { loadPyodide, type PyodideAPI } from 'pyodide';
import { capValue, OutputBuffer } from './output-limits.ts';
import type { ExerciseTests, RunOutcome, TestFailure, TestOutcome } from './protocol.ts';
import { failedTests, stoppedMessage, timeoutMessage } from './protocol.ts';

/**
 * Runs `code` in `g`, returns [status, display of the last expression or the traceback, the error's last line].
 * The traceback keeps only the learner's frames (from <main> or <test> on), not the runner's.
 */
const HELPER = `
import builtins, sys, traceback
from pyodide.code import eval_code

def _no_input(prompt=''):
    print(prompt, end='')
    raise EOFError('input() has no keyboard to read here: write the value into the code instead')

builtins.input = _no_input

def _mindpath_run(code, g, filename):
    try:
        value = eval_code(code, g, filename=filename)
    except BaseException as e:
        tb = e.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != filename:
            tb = tb.tb_next
        full = ''.join(traceback.format_exception(type(e), e, tb))
        last = traceback.format_exception_only(type(e), e)[-1].strip()
        if isinstance(e, AssertionError) and not str(e) and tb is not None:
            while tb.tb_next is not None:
                tb = tb.tb_next
            lines = code.splitlines()
            at = tb.tb_lineno - 1
            if 0 <= at < len(lines):
                last = 'AssertionError: ' + lines[at].strip()
        kind = 'interrupt' if isinstance(e, KeyboardInterrupt) else 'error'
        return [kind, full, last]
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    return ['ok', None if value is None else repr(value), None]
`;

export interface PythonRunLimits {
  timeoutMs: number;
}

/** What makes the running code stop: a shared interrupt flag set by another thread (Node's watchdog). */
export interface InterruptSource {
  buffer: Int32Array;
  /** arms the flag to be set after ms; returns a disarm function */
  arm(ms: number): () => void;
}

type PyProxyFn = ((...args: unknown[]) => unknown) & { destroy(): void };

export class PythonCore {
  private readonly py: PyodideAPI;
  private readonly runHelper: PyProxyFn;
  private stdout = new OutputBuffer();
  private stderr = new OutputBuffer();
  private readonly interrupt: InterruptSource | null;

  private constructor(py: PyodideAPI, interrupt: InterruptSource | null) {
    this.py = py;
    this.interrupt = interrupt;
    const decoder = new TextDecoder();
    py.setStdout({
      write: (buf: Uint8Array) => {
        this.stdout.write(decoder.decode(buf, { stream: true }));
        return buf.length;
      },
    });
    py.setStderr({
      write: (buf: Uint8Array) => {
        this.stderr.write(decoder.decode(buf, { stream: true }));
        return buf.length;
      },
    });
    // input() has no one to answer it: HELPER makes it an EOFError that says so; stdin reads end at once
    py.setStdin({ error: true });
    if (interrupt) py.setInterruptBuffer(interrupt.buffer);
    py.runPython(HELPER);
    this.runHelper = py.globals.get('_mindpath_run') as PyProxyFn;
  }

  /** indexURL: the folder of pyodide.asm.wasm, python_stdlib.zip and pyodide-lock.json (default: the package's). */
  static async load(options: { indexURL?: string; interrupt?: InterruptSource } = {}): Promise<PythonCore> {
    const py = await loadPyodide({
      ...(options.indexURL ? { indexURL: options.indexURL } : {}),
      // the learner's code gets stdin/out only through the handlers above, never the host's console
      stdout: () => undefined,
      stderr: () => undefined,
      checkAPIVersion: true,
    });
    return new PythonCore(py, options.interrupt ?? null);
  }

  private freshGlobals() {
    const dict = this.py.globals.get('dict') as PyProxyFn;
    const g = dict() as { set(k: string, v: unknown): void; destroy(): void };
    dict.destroy();
    g.set('__name__', '__main__');
    return g;
  }

  private exec(
    code: string,
    g: unknown,
    filename: string,
  ): { kind: 'ok' | 'error' | 'interrupt'; text: string | null; last: string | null } {
    const result = this.runHelper(code, g, filename) as { toJs(): unknown[]; destroy(): void };
    const [kind, text, last] = result.toJs() as ['ok' | 'error' | 'interrupt', string | null, string | null];
    result.destroy();
    return { kind, text: text ?? null, last: last ?? null };
  }

  private outcome(
    started: number,
    kind: 'ok' | 'error' | 'interrupt',
    text: string | null,
    last: string | null,
    limits: PythonRunLimits,
    interruptedByTimer: boolean,
  ): RunOutcome {
    const ms = Math.round(performance.now() - started);
    const status =
      kind === 'ok' ? 'ok' : kind === 'error' ? 'error' : interruptedByTimer ? 'timeout' : 'stopped';
    return {
      status,
      stdout: this.stdout.text(),
      stderr: this.stderr.text() + (kind === 'error' && text ? text : ''),
      value: kind === 'ok' ? capValue(text) : null,
      tables: [],
      error:
        status === 'error'
          ? last
          : status === 'timeout'
            ? timeoutMessage(limits.timeoutMs)
            : status === 'stopped'
              ? stoppedMessage(ms)
              : null,
      ms,
    };
  }

  private begin(limits: PythonRunLimits) {
    this.stdout = new OutputBuffer();
    this.stderr = new OutputBuffer();
    if (this.interrupt) Atomics.store(this.interrupt.buffer, 0, 0);
    const disarm = this.interrupt?.arm(limits.timeoutMs) ?? (() => undefined);
    return { started: performance.now(), disarm };
  }

  run(code: string, limits: PythonRunLimits): RunOutcome {
    const { started, disarm } = this.begin(limits);
    const g = this.freshGlobals();
    try {
      const r = this.exec(code, g, '<main>');
      return this.outcome(started, r.kind, r.text, r.last, limits, r.kind === 'interrupt');
    } finally {
      disarm();
      g.destroy();
    }
  }

  /** The learner's code, then each case in the same globals: a case passes when it raises nothing. */
  check(code: string, tests: ExerciseTests, limits: PythonRunLimits): TestOutcome {
    if (tests.kind !== 'code') throw new Error('Python exercises are checked by code tests');
    const total = tests.cases.length;
    const { started, disarm } = this.begin(limits);
    const g = this.freshGlobals();
    try {
      const main = this.exec(code, g, '<main>');
      const run = this.outcome(started, main.kind, main.text, main.last, limits, main.kind === 'interrupt');
      if (run.status !== 'ok') return failedTests(run, total, run.error ?? 'Your code did not finish');
      const failures: TestFailure[] = [];
      let interrupted = false;
      for (const c of tests.cases) {
        if (interrupted) {
          failures.push({ name: c.name, message: 'Not run: the time limit was reached first' });
          continue;
        }
        const r = this.exec(c.code, g, '<test>');
        if (r.kind === 'interrupt') {
          interrupted = true;
          failures.push({ name: c.name, message: timeoutMessage(limits.timeoutMs) });
        } else if (r.kind === 'error') failures.push({ name: c.name, message: r.last ?? 'The test failed' });
      }
      const final = this.outcome(
        started,
        interrupted ? 'interrupt' : 'ok',
        main.text,
        null,
        limits,
        interrupted,
      );
      return { passed: total - failures.length, total, failures, run: final };
    } finally {
      disarm();
      g.destroy();
    }
  }
}
