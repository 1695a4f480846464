// A server that runs for months. One API instance (npm start's, on PostgreSQL) under a steady
// mixed load for 10 minutes (BENCH_SOAK_SECONDS): a newcomer registering every 2 s, and Pro learners each in
// a loop of plan reads (one a revalidation), a lesson written and streamed, a question to the tutor streamed,
// a note written, listed and deleted; once a learner's lessons all have content, the goal is deleted and a new
// one generated, as learners move on. Reported: the API's RSS and event-loop delay p99 (soak-probe.ts, loaded
// into it) over the two halves of the soak after its first minute, the database's size and each table's rows after warm-up
// and at the end, and what the load did. Retention runs at 2 minutes instead of 7 days: a 10-minute soak
// cannot wait a week, and at 2 minutes the job table reaches its steady size within the soak, which shows
// what the default does over a week: generation_jobs holds the jobs of the last retention period, no more.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sseData } from '../../api/src/ai/openai.ts';
import { openPostgres } from '../../api/src/db/client.ts';
import { setTierByEmail } from '../../api/src/modules/subscriptions/service.ts';
import { type Deployment, type Learner, registerLearner, startApi } from './api-server.ts';
import { call, newGoal } from './generation.ts';
import { withPostgres } from './postgres.ts';
import type { Row } from './table.ts';

const PORT = Number(process.env.BENCH_SOAK_PORT ?? 8101);
const SOAK_MS = Number(process.env.BENCH_SOAK_SECONDS ?? 600) * 1000;
const WARM_MS = Math.min(60_000, SOAK_MS / 5);
const LEARNERS = 6;
const PAUSE_MS = 200;
const REGISTER_EVERY_MS = 2000;
const RETENTION_DAYS = 2 / 1440;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sample {
  t: number;
  rss: number;
  heapUsed: number;
  p99Ms: number;
  maxMs: number;
}

/** Reads an event stream to its end; throws on an `error` event. */
async function stream(base: string, learner: Learner, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...learner.headers,
      accept: 'text/event-stream',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok || !res.body) throw new Error(`${method} ${path}: ${res.status}`);
  let done = false;
  for await (const data of sseData(res.body)) {
    const event = JSON.parse(data) as { type?: string };
    if (event.type === 'error') throw new Error(`${path}: ${data}`);
    if (event.type === 'done') done = true;
  }
  if (!done) throw new Error(`${path} ended without done`);
}

class Load {
  readonly counts = new Map<string, number>();
  readonly errors: string[] = [];
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }
  async step(name: string, fn: () => Promise<unknown>) {
    try {
      await fn();
      this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    } catch (err) {
      this.errors.push(`${name}: ${(err as Error).message.slice(0, 200)}`);
    }
    await sleep(PAUSE_MS);
  }
}

interface Goal {
  goalId: string;
  lessons: string[];
  next: number;
}

async function freshGoal(base: string, learner: Learner): Promise<Goal> {
  const { userId, goalId } = await newGoal(base, learner);
  await call(base, learner, 'POST', `/api/roadmaps/${userId}/${goalId}`);
  await call(base, learner, 'GET', `/api/roadmaps/goal/${goalId}/generation?waitMs=60000`);
  const plan = await call<{ lessonsForRoadmaps: Record<string, { id: string }[]> }>(
    base,
    learner,
    'GET',
    `/api/learningplan/optimized-data/${goalId}`,
  );
  return {
    goalId,
    lessons: Object.values(plan.lessonsForRoadmaps).flatMap((l) => l.map((x) => x.id)),
    next: 0,
  };
}

async function learnerLoop(load: Load, learner: Learner, until: number) {
  const base = load.base;
  let goal = await freshGoal(base, learner);
  let etag = '';
  for (let i = 0; Date.now() < until; i++) {
    await load.step('GET /api/user', () => call(base, learner, 'GET', '/api/user'));
    await load.step('GET plan', async () => {
      const res = await fetch(`${base}/api/learningplan/optimized-data/${goal.goalId}`, {
        headers: { ...learner.headers, ...(etag ? { 'if-none-match': etag } : {}) },
      });
      if (res.status !== 200 && res.status !== 304) throw new Error(`plan: ${res.status}`);
      etag = res.headers.get('etag') ?? '';
      await res.arrayBuffer();
    });
    const lessonId = goal.lessons[goal.next++];
    if (lessonId) {
      await load.step('lesson written and streamed', async () => {
        await call(base, learner, 'POST', `/api/lessons/${lessonId}/generate-content`, {});
        await stream(base, learner, 'GET', `/api/lessons/${lessonId}/content-stream`);
      });
      await load.step('chat answer streamed', () =>
        stream(base, learner, 'POST', '/api/chat/stream', {
          message: `What matters most in step ${i}?`,
          lessonId,
        }),
      );
    } else {
      // every lesson written: on to a new goal (its lessons, chats and media go with the old one)
      await load.step('goal replaced', async () => {
        const res = await fetch(`${base}/api/goals/${goal.goalId}`, {
          method: 'DELETE',
          headers: learner.headers,
        });
        if (!res.ok) throw new Error(`delete goal: ${res.status}`);
        goal = await freshGoal(base, learner);
        etag = '';
      });
    }
    await load.step('note written, listed, deleted', async () => {
      const note = await call<{ id: string }>(base, learner, 'POST', '/api/notes', {
        title: `Soak note ${i}`,
        content: `What I learnt in step ${i}: [[Soak note ${i - 1}]] #soak`,
      });
      await call(base, learner, 'GET', '/api/notes');
      const res = await fetch(`${base}/api/notes/${note.id}`, { method: 'DELETE', headers: learner.headers });
      if (!res.ok) throw new Error(`delete note: ${res.status}`);
    });
  }
}

async function registerLoop(load: Load, until: number) {
  while (Date.now() < until) {
    const t0 = Date.now();
    await load.step('register', () => registerLearner(load.base));
    await sleep(Math.max(0, REGISTER_EVERY_MS - (Date.now() - t0)));
  }
}

type Rows = Record<string, number>;

async function databaseState(url: string): Promise<{ bytes: number; rows: Rows }> {
  const pg = openPostgres(url, { poolSize: 1 });
  try {
    const [size] = (await pg.db.execute(
      'select pg_database_size(current_database())::bigint as bytes',
    )) as unknown as {
      bytes: string;
    }[];
    const tables = (await pg.db.execute(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    )) as unknown as { tablename: string }[];
    const rows: Rows = {};
    for (const { tablename } of tables) {
      const [n] = (await pg.db.execute(`select count(*)::int as n from "${tablename}"`)) as unknown as {
        n: number;
      }[];
      rows[tablename] = Number(n?.n ?? 0);
    }
    return { bytes: Number(size?.bytes ?? 0), rows };
  } finally {
    await pg.close();
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const mib = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;

export async function measureSoak(deployment: Deployment) {
  const dir = mkdtempSync(join(tmpdir(), 'mindpath-soak-'));
  const probeFile = join(dir, 'probe.jsonl');
  try {
    return await withPostgres(async (pg) => {
      const api = await startApi(deployment, {
        port: PORT,
        env: {
          DATABASE_URL: pg.url,
          JOB_RETENTION_DAYS: String(RETENTION_DAYS),
          NODE_OPTIONS: `--import ${join(import.meta.dirname, 'soak-probe.ts')}`,
          SOAK_PROBE_FILE: probeFile,
        },
      });
      try {
        const learners: Learner[] = [];
        const tiers = openPostgres(pg.url, { poolSize: 1 });
        try {
          for (let i = 0; i < LEARNERS; i++) {
            const learner = await registerLearner(api.base);
            await setTierByEmail(tiers.db, learner.email, 'pro', 365);
            learners.push(learner);
          }
        } finally {
          await tiers.close();
        }
        const load = new Load(api.base);
        const t0 = Date.now();
        const until = t0 + SOAK_MS;
        const warm = (async () => {
          await sleep(WARM_MS);
          return databaseState(pg.url);
        })();
        await Promise.all([...learners.map((l) => learnerLoop(load, l, until)), registerLoop(load, until)]);
        const atWarm = await warm;
        const atEnd = await databaseState(pg.url);
        const samples = readFileSync(probeFile, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as Sample)
          .filter((s) => s.t >= t0 && s.t <= until);
        const window = (from: number, to: number) => samples.filter((s) => s.t >= from && s.t < to);
        // the warm part in halves: a minute alone swings ±30 % with the collector (RSS) and with the machine's
        // other work (delay); a leak or a slowing loop shows as a second half above the first
        const middle = (t0 + WARM_MS + until) / 2;
        const first = window(t0 + WARM_MS, middle);
        const last = window(middle, until + 1);
        const figure = (pick: (s: Sample) => number, ws: Sample[]) => mean(ws.map(pick));
        const rss = [figure((s) => s.rss, first), figure((s) => s.rss, last)] as const;
        const p99 = [figure((s) => s.p99Ms, first), figure((s) => s.p99Ms, last)] as const;
        const change = (a: number, b: number) => (b - a) / Math.max(a, 1e-9);
        const requests = [...load.counts.values()].reduce((a, b) => a + b, 0);
        const minutes = (SOAK_MS / 60_000).toFixed(0);
        const result = {
          seconds: SOAK_MS / 1000,
          retentionDays: RETENTION_DAYS,
          steps: Object.fromEntries(load.counts),
          errors: load.errors.length,
          firstErrors: load.errors.slice(0, 5),
          rssBytes: { warm: rss[0], end: rss[1], change: change(rss[0], rss[1]) },
          eventLoopP99Ms: { warm: p99[0], end: p99[1], change: change(p99[0], p99[1]) },
          heapUsedBytes: { warm: figure((s) => s.heapUsed, first), end: figure((s) => s.heapUsed, last) },
          database: { warm: atWarm, end: atEnd },
          samples,
        };
        const rows: Row[] = [
          {
            area: 'Soak',
            metric: `${minutes} min mixed load on PostgreSQL: steps done, errors`,
            value: `${requests}, ${load.errors.length}`,
            note: Object.entries(result.steps)
              .map(([k, v]) => `${k} ${v}`)
              .join(', '),
            check: { ok: load.errors.length === 0, label: '0 errors' },
          },
          {
            area: 'Soak',
            metric: 'API RSS: first warm half → second half (mean)',
            value: `${mib(rss[0])} → ${mib(rss[1])}`,
            note: `${(change(rss[0], rss[1]) * 100).toFixed(1)} %`,
            check: { ok: change(rss[0], rss[1]) <= 0.1, label: 'not 10 % higher' },
          },
          {
            area: 'Soak',
            metric: 'event-loop delay p99: first warm half → second half',
            value: `${p99[0].toFixed(1)} → ${p99[1].toFixed(1)} ms`,
            note: `${(change(p99[0], p99[1]) * 100).toFixed(1)} %; mean of 5 s windows`,
            check: { ok: change(p99[0], p99[1]) <= 0.1, label: 'not 10 % higher' },
          },
          {
            area: 'Soak',
            metric: 'database size: after warm-up → end',
            value: `${mib(atWarm.bytes)} → ${mib(atEnd.bytes)}`,
            note: `users ${atWarm.rows.users} → ${atEnd.rows.users} (a newcomer every ${REGISTER_EVERY_MS / 1000} s), chat_messages ${atWarm.rows.chat_messages} → ${atEnd.rows.chat_messages}`,
          },
          {
            area: 'Soak',
            metric: 'generation_jobs rows: after warm-up → end',
            value: `${atWarm.rows.generation_jobs} → ${atEnd.rows.generation_jobs}`,
            note: `retention at ${RETENTION_DAYS * 1440} min for the soak; progress pieces ${atWarm.rows.generation_job_progress} → ${atEnd.rows.generation_job_progress}`,
          },
        ];
        return { rows, result };
      } finally {
        await api.stop();
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
