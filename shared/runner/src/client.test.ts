import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createRunner, type Runner, type WorkerLike } from './client.ts';
import type { RunnerReply } from './protocol.ts';

const threads: Worker[] = [];
let made = 0;

/** The real Worker code (worker-host + QuickJS) in a Node thread, behind the browser Worker's interface. */
function nodeWorker(runtime: string): WorkerLike {
  made += 1;
  const thread = new Worker(new URL('./testing/node-worker.ts', import.meta.url), {
    workerData: { runtime },
  });
  threads.push(thread);
  const like: WorkerLike = {
    postMessage: (message) => thread.postMessage(message),
    terminate: () => void thread.terminate(),
    onmessage: null,
    onerror: null,
  };
  thread.on('message', (data: RunnerReply) => like.onmessage?.({ data } as MessageEvent<RunnerReply>));
  thread.on('error', (e) => like.onerror?.({ message: e.message } as ErrorEvent));
  return like;
}

afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.terminate()));
});

describe('the runner client', () => {
  let runner: Runner;

  it('creates its Worker lazily and answers runs and checks in order', async () => {
    made = 0;
    runner = createRunner('typescript', nodeWorker);
    expect(made).toBe(0);
    const [first, second] = await Promise.all([
      runner.run('const n: number = 20; console.log("hi"); n + 1'),
      runner.run('undefinedName'),
    ]);
    expect(made).toBe(1);
    expect(first).toMatchObject({ status: 'ok', stdout: 'hi\n', value: '21' });
    expect(second).toMatchObject({
      status: 'error',
      error: "ReferenceError: 'undefinedName' is not defined",
    });
    const checked = await runner.check('function double(x: number) { return x * 2 }', {
      kind: 'code',
      cases: [
        { name: 'doubles', code: 'assertEqual(double(2), 4)' },
        { name: 'lists', code: 'assertEqual([1].map(double), [3])' },
      ],
    });
    expect(checked.passed).toBe(1);
    expect(checked.failures).toEqual([
      { name: 'lists', message: 'AssertionError: expected [ 3 ], got [ 2 ]' },
    ]);
  }, 30_000);

  it('stops a runaway loop by terminating its Worker, and the next run starts a fresh one', async () => {
    made = 0;
    runner = createRunner('javascript', nodeWorker);
    runner.prefetch();
    const running = runner.run('while (true) {}', { timeoutMs: 10_000 });
    const queued = runner.run('1 + 1');
    await new Promise((r) => setTimeout(r, 1500));
    runner.stop();
    const stopped = await running;
    expect(stopped.status).toBe('stopped');
    expect(stopped.error).toMatch(/^Stopped after \d+(\.\d)? s$/);
    expect((await queued).status).toBe('stopped');
    expect(await runner.run('1 + 1')).toMatchObject({ status: 'ok', value: '2' });
    expect(made).toBe(2);
  }, 30_000);

  it('ends a run at its time limit (QuickJS interrupts itself; the Worker stays)', async () => {
    made = 0;
    runner = createRunner('javascript', nodeWorker);
    const started = Date.now();
    const outcome = await runner.run('for (;;) {}', { timeoutMs: 300 });
    expect(outcome.status).toBe('timeout');
    expect(outcome.error).toBe('Time limit reached: stopped after 0.3 s. Is there a loop that never ends?');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await runner.run('"again"')).toMatchObject({ status: 'ok', value: "'again'" });
    expect(made).toBe(1);
  }, 30_000);

  it('answers a run whose runtime cannot start with a learner message, and tries a fresh Worker next time', async () => {
    made = 0;
    // a Worker that fails as it starts (here: asked for a runtime the test thread does not serve)
    runner = createRunner('python', (runtime) => nodeWorker(runtime));
    const outcome = await runner.run('print(1)');
    expect(outcome.status).toBe('error');
    expect(outcome.error).toMatch(
      /^Python could not start in this browser \(Python stopped unexpectedly: .*\)\. Reload the page to try again\.$/,
    );
    await runner.run('print(1)');
    expect(made).toBe(2);
  }, 30_000);
});
