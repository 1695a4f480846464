// A streamed chat answer is a job that any API instance follows (a cut stream resumes). What the
// learner waits for: POST /api/chat/stream → the answer's first delta, and → done; learners one after another,
// one question each (the free plan's limit), the offline tutor answering. Shapes: `npm start` (PGlite, the API
// runs the turn itself at once); with DATABASE_URL, also an API instance with WORKER=off and a worker process
// that hears of the turn through LISTEN/NOTIFY (its poll is 1 s).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { type Deployment, registerLearner, startApi } from './api-server.ts';
import { pct } from './crowd.ts';
import { ROOT } from './paths.ts';
import type { Row } from './table.ts';

const PORT = Number(process.env.BENCH_CHAT_PORT ?? 8099);
const TURNS = 40;

/** questions asked first and not counted: a worker process still starting, code not yet compiled */
const WARM_UP = 3;

/** Time to the first delta and to done of `turns` streamed questions, each by a new learner. */
export async function streamTimes(base: string, turns = TURNS) {
  const first: number[] = [];
  const whole: number[] = [];
  for (let i = -WARM_UP; i < turns; i += 1) {
    const learner = await registerLearner(base);
    const t0 = performance.now();
    const res = await fetch(`${base}/api/chat/stream`, {
      method: 'POST',
      headers: { ...learner.headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'How should I start?' }),
    });
    if (!res.ok || !res.body) throw new Error(`chat stream: ${res.status}`);
    let text = '';
    let sawDelta = false;
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      text += decoder.decode(chunk, { stream: true });
      if (!sawDelta && text.includes('event: delta')) {
        sawDelta = true;
        if (i >= 0) first.push(performance.now() - t0);
      }
    }
    if (!text.includes('event: done')) throw new Error(`chat stream ended without done: ${text.slice(-300)}`);
    if (i >= 0) whole.push(performance.now() - t0);
  }
  return { first, whole };
}

function startWorker(env: Record<string, string>): { stop(): Promise<void> } {
  const worker: ChildProcess = spawn(process.execPath, [join(ROOT, 'api', 'src', 'worker.ts')], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => worker.once('exit', () => r()));
  return {
    stop: async () => {
      if (worker.exitCode === null) worker.kill('SIGTERM');
      await exited;
    },
  };
}

const row = (shape: string, xs: { first: number[]; whole: number[] }): Row[] => [
  {
    area: 'API chat stream',
    metric: `first delta, ${shape}`,
    value: `p50 ${pct(xs.first, 50).toFixed(0)} ms, p99 ${pct(xs.first, 99).toFixed(0)} ms`,
    note: `${xs.first.length} questions, one at a time`,
  },
  {
    area: 'API chat stream',
    metric: `whole answer, ${shape}`,
    value: `p50 ${pct(xs.whole, 50).toFixed(0)} ms, p99 ${pct(xs.whole, 99).toFixed(0)} ms`,
    note: 'the offline tutor writes 5 ms a piece',
  },
];

/** `env` with DATABASE_URL measures the PostgreSQL shapes, else `npm start`'s. */
export async function measureChatStream(deployment: Deployment, env: Record<string, string> = {}) {
  const rows: Row[] = [];
  const result: Record<string, Record<'first' | 'whole', { p50: number; p99: number }>> = {};
  const shapes: [string, Record<string, string>, boolean][] = env.DATABASE_URL
    ? [
        ['PostgreSQL, the API runs the turn', env, false],
        ['PostgreSQL, WORKER=off and a worker process', { ...env, WORKER: 'off' }, true],
      ]
    : [['npm start (PGlite, the API runs the turn)', env, false]];
  for (const [shape, shapeEnv, withWorker] of shapes) {
    const api = await startApi(deployment, { port: PORT, env: shapeEnv });
    const worker = withWorker ? startWorker(shapeEnv) : null;
    try {
      const times = await streamTimes(api.base);
      const summary = (xs: number[]) => ({ p50: pct(xs, 50), p99: pct(xs, 99) });
      result[shape] = { first: summary(times.first), whole: summary(times.whole) };
      rows.push(...row(shape, times));
    } finally {
      await worker?.stop();
      await api.stop();
    }
  }
  return { rows, result };
}
