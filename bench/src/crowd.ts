// A crowd: 200 learners at once on loopback, each going register → goal → roadmap → plan → lesson →
// chat through the real API (the offline generator writes), a bounded number in flight. Reported: errors
// (must be 0), what each learner has at the end (one goal, one roadmap, its lesson written, one question and
// one answer: nothing lost or doubled) and each endpoint's p50 and p99.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Deployment, startApi } from './api-server.ts';
import type { Row } from './table.ts';

const PORT = 8098;
const LEARNERS = 200;
/** learners in flight at once: enough to queue work on 2 cores, few enough to finish in about a minute */
const IN_FLIGHT = 50;
const WAIT_MS = 30_000;
const MAX_POLLS = 20;

type Step =
  | 'register'
  | 'goal'
  | 'user'
  | 'roadmap'
  | 'roadmap wait'
  | 'plan'
  | 'lesson'
  | 'lesson wait'
  | 'chat'
  | 'check';

class Crowd {
  readonly times = new Map<Step, number[]>();
  errors: string[] = [];
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async call<T>(step: Step, method: string, path: string, token?: string, body?: unknown): Promise<T> {
    const t0 = performance.now();
    const res = await fetch(this.base + path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const list = this.times.get(step) ?? [];
    list.push(performance.now() - t0);
    this.times.set(step, list);
    if (!res.ok) throw new Error(`${step}: ${method} ${path} answered ${res.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Long-polls a job's status until it is done: queued work waits its turn behind the crowd's. */
  async until(step: Step, path: string, token: string): Promise<void> {
    for (let polls = 0; polls < MAX_POLLS; polls++) {
      const status = await this.call<{ isGenerating: boolean }>(step, 'GET', path, token);
      if (!status.isGenerating) return;
    }
    throw new Error(`${step}: still generating after ${MAX_POLLS} waits of ${WAIT_MS / 1000} s`);
  }

  async learner(i: number): Promise<void> {
    const id = `${Date.now().toString(36)}-${i}`;
    const { token } = await this.call<{ token: string }>(
      'register',
      'POST',
      '/api/auth/register',
      undefined,
      {
        username: `crowd-${id}`,
        email: `crowd-${id}@example.com`,
        password: `Crowd!pass1-${id}`,
      },
    );
    const goal = await this.call<{ id: string }>('goal', 'POST', '/api/goals', token, {
      description: 'Beginner: Learn SQL',
      metadata: '{"level":"Beginner"}',
    });
    const user = await this.call<{ id: string }>('user', 'GET', '/api/user', token);
    await this.call('roadmap', 'POST', `/api/roadmaps/${user.id}/${goal.id}`, token);
    await this.until('roadmap wait', `/api/roadmaps/goal/${goal.id}/generation?waitMs=${WAIT_MS}`, token);
    const plan = await this.call<{ firstUncompletedLesson: { id: string } | null }>(
      'plan',
      'GET',
      `/api/learningplan/optimized-data/${goal.id}`,
      token,
    );
    const lessonId = plan.firstUncompletedLesson?.id;
    if (!lessonId) throw new Error('plan: no lesson to open');
    await this.call('lesson', 'POST', `/api/lessons/${lessonId}/generate-content`, token);
    await this.until('lesson wait', `/api/lessons/${lessonId}/content-status?waitMs=${WAIT_MS}`, token);
    await this.call('chat', 'POST', '/api/chat', token, {
      message: 'What does this lesson cover?',
      lessonId,
    });

    // nothing lost or doubled
    const [goals, lesson, history] = await Promise.all([
      this.call<unknown[]>('check', 'GET', '/api/goals', token),
      this.call<{ content: string | null }>('check', 'GET', `/api/lessons/${lessonId}`, token),
      this.call<{ total: number }>('check', 'GET', `/api/chat/history?lessonId=${lessonId}`, token),
    ]);
    if (goals.length !== 1) throw new Error(`check: ${goals.length} goals, not 1`);
    if (!lesson.content) throw new Error('check: the lesson has no content');
    if (history.total !== 2) throw new Error(`check: ${history.total} chat messages, not 2`);
  }

  async run(): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < LEARNERS) {
        const i = next++;
        try {
          await this.learner(i);
        } catch (err) {
          this.errors.push((err as Error).message);
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  }
}

/** The errors by kind (their first 80 characters), most frequent first. */
function kinds(errors: string[]): string {
  const counts = new Map<string, number>();
  for (const e of errors) counts.set(e.slice(0, 80), (counts.get(e.slice(0, 80)) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([e, n]) => `${n} × ${e}`)
    .join('; ');
}

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

export async function measureCrowd(
  deployment: Deployment,
  env: Record<string, string> = {},
): Promise<{
  rows: Row[];
  result: {
    seconds: number;
    errors: string[];
    steps: Record<string, { p50: number; p99: number; n: number }>;
  };
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mindpath-bench-crowd-'));
  const api = await startApi(deployment, { port: PORT, dataDir, env });
  try {
    const crowd = new Crowd(api.base);
    const t0 = performance.now();
    await crowd.run();
    const seconds = (performance.now() - t0) / 1000;
    const steps = Object.fromEntries(
      [...crowd.times].map(([step, xs]) => [step, { p50: pct(xs, 50), p99: pct(xs, 99), n: xs.length }]),
    );
    const kind = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    const rows: Row[] = [
      {
        area: 'API crowd',
        metric: `${LEARNERS} learners, ${IN_FLIGHT} at once, ${kind}: errors, lost or doubled`,
        value: `${crowd.errors.length}`,
        check: { ok: crowd.errors.length === 0, label: '0' },
        note: `${seconds.toFixed(0)} s for all; ${crowd.errors.length === 0 ? 'every learner has 1 goal, its lesson written, 1 question and 1 answer' : kinds(crowd.errors)}`,
      },
      ...Object.entries(steps).map(([step, s]) => ({
        area: 'API crowd',
        metric: `${step}, ${kind}`,
        value: `p50 ${s.p50.toFixed(0)} ms, p99 ${s.p99.toFixed(0)} ms`,
        note: `${s.n} calls`,
      })),
    ];
    return { rows, result: { seconds, errors: crowd.errors, steps } };
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
