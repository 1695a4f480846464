// Issue 3's figures. The generation pipeline's own cost: the API pointed at the OpenAI protocol test server
// answering every call after a fixed 500 ms, so total time minus 500 ms × calls is what Mindpath adds
// (prompting, validation, the job queue, the worker's claim and the long poll). And the read the learning
// plan screen lives on: optimized plan data of a 10 × 10 roadmap, next to /api/health of the same server, on
// PGlite and on PostgreSQL (when DATABASE_URL names a server whose role may create databases).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOfflineProvider } from '../../api/src/ai/offline/provider.ts';
import { createAi } from '../../api/src/ai/service.ts';
import { type Database, openPglite, openPostgres } from '../../api/src/db/client.ts';
import { replaceRoadmap } from '../../api/src/modules/roadmaps/repository.ts';
import { startOpenAiServer } from '../../api/test/helpers/openai-server.ts';
import { load } from './api-load.ts';
import { type Deployment, type Learner, registerLearner, startApi } from './api-server.ts';
import type { Row } from './table.ts';

const PROVIDER_LATENCY_MS = 500;
const PORT = 8096;

async function call<T>(base: string, learner: Learner, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { ...learner.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function newGoal(base: string, learner: Learner) {
  const { id: userId } = await call<{ id: string }>(base, learner, 'GET', '/api/user');
  const { id: goalId } = await call<{ id: string }>(base, learner, 'POST', '/api/goals', {
    description: 'Beginner: Learn Rust',
  });
  return { userId, goalId };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** What a model would answer: the offline generator's output without its source stamp. */
async function modelAnswers() {
  const ai = createAi(createOfflineProvider());
  const strip = <T extends { source: unknown }>({ source: _s, ...rest }: T) => JSON.stringify(rest);
  const input = { goal: 'Learn Rust', level: 'Beginner' as const };
  return {
    roadmap: strip((await ai.generateRoadmap({ ...input, topics: [] })).data),
    assessment: strip((await ai.generateKnowledgeAssessment(input)).data),
  };
}

export async function measurePipelineOverhead(
  deployment: Deployment,
  runs: number,
): Promise<{ rows: Row[]; results: Record<string, { totalMs: number; calls: number; overheadMs: number }> }> {
  const answers = await modelAnswers();
  const server = await startOpenAiServer();
  // the API asks for JSON-schema structured output named after the prompt
  server.setFallback((req) => ({
    latencyMs: PROVIDER_LATENCY_MS,
    content:
      req.body?.response_format?.json_schema?.name === 'roadmap' ? answers.roadmap : answers.assessment,
  }));
  const api = await startApi(deployment, {
    port: PORT,
    env: { AI_BASE_URL: server.url, AI_API_KEY: 'bench', AI_MODEL: 'bench-model' },
  });
  const cases = {
    'knowledge assessment (POST → questions)': async (learner: Learner, goalId: string) => {
      await call(api.base, learner, 'POST', `/api/assessments/knowledge/create-for-goal/${goalId}`, {});
    },
    'roadmap job (POST → stored roadmap)': async (learner: Learner, goalId: string, userId: string) => {
      await call(api.base, learner, 'POST', `/api/roadmaps/${userId}/${goalId}`, {});
      const status = await call<{ isGenerating: boolean; job: { status: string } | null }>(
        api.base,
        learner,
        'GET',
        `/api/roadmaps/goal/${goalId}/generation?waitMs=60000`,
      );
      if (status.isGenerating || status.job?.status !== 'succeeded')
        throw new Error(`roadmap job ended ${JSON.stringify(status)}`);
    },
  };
  const results: Record<string, { totalMs: number; calls: number; overheadMs: number }> = {};
  try {
    for (const [name, run] of Object.entries(cases)) {
      const totals: number[] = [];
      const calls: number[] = [];
      // one warm-up run, not counted
      for (let i = 0; i <= runs; i++) {
        const learner = await registerLearner(api.base);
        const { userId, goalId } = await newGoal(api.base, learner);
        const before = server.requests.length;
        const t0 = performance.now();
        await run(learner, goalId, userId);
        const ms = performance.now() - t0;
        if (i > 0) {
          totals.push(ms);
          calls.push(server.requests.length - before);
        }
      }
      const totalMs = median(totals);
      const n = median(calls);
      results[name] = { totalMs, calls: n, overheadMs: totalMs - n * PROVIDER_LATENCY_MS };
    }
  } finally {
    await api.stop();
    await server.close();
  }
  const rows = Object.entries(results).map(([name, r]) => ({
    area: 'AI pipeline',
    metric: name,
    value: `${r.overheadMs.toFixed(0)} ms overhead`,
    note: `median of ${runs}: ${r.totalMs.toFixed(0)} ms total − ${r.calls} provider call(s) × ${PROVIDER_LATENCY_MS} ms (protocol server)`,
  }));
  return { rows, results };
}

type DbKind = 'PGlite' | 'PostgreSQL';

/** A learner with a 10 × 10 roadmap written straight into the database (generation caps at 8 × 6). */
async function seedPlan(open: () => Promise<Database>, userId: string, goalId: string) {
  const database = await open();
  try {
    const sections = Array.from({ length: 10 }, (_, s) => ({
      name: `Section ${s + 1}`,
      description: `About section ${s + 1}`,
      lessons: Array.from({ length: 10 }, (_, l) => ({
        title: `Lesson ${s + 1}.${l + 1}`,
        summary: 'A lesson',
        estimatedTimeInMinutes: 30,
      })),
    }));
    await database.db.transaction((tx) => replaceRoadmap(tx, userId, goalId, sections, 'offline'));
  } finally {
    await database.close();
  }
}

async function postgresDatabase(serverUrl: string) {
  const name = `mindpath_bench_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(serverUrl);
  await admin.db.execute(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.db.execute(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export async function measurePlanData(
  deployment: Deployment,
  opts: { seconds: number; connections: number },
): Promise<{ rows: Row[]; results: Record<string, { health: number; planData: number; p99Ms: number }> }> {
  const results: Record<string, { health: number; planData: number; p99Ms: number }> = {};
  const rows: Row[] = [];
  const kinds: DbKind[] = process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
  for (const kind of kinds) {
    const dataDir = mkdtempSync(join(tmpdir(), 'mindpath-bench-plan-'));
    const pg = kind === 'PostgreSQL' ? await postgresDatabase(process.env.DATABASE_URL!) : undefined;
    const env = { DATABASE_URL: pg?.url ?? '' };
    try {
      let api = await startApi(deployment, { port: PORT, dataDir, env });
      const learner = await registerLearner(api.base);
      const { userId, goalId } = await newGoal(api.base, learner);
      if (pg) await seedPlan(async () => openPostgres(pg.url), userId, goalId);
      else {
        // the embedded database allows one process: seed between two runs of the server
        await api.stop();
        await seedPlan(() => openPglite({ dataDir: join(dataDir, 'pglite') }), userId, goalId);
        api = await startApi(deployment, { port: PORT, dataDir, env });
      }
      try {
        const path = `/api/learningplan/optimized-data/${goalId}`;
        const plan = await call<{ lessonsForRoadmaps: Record<string, unknown[]> }>(
          api.base,
          learner,
          'GET',
          path,
        );
        const lessons = Object.values(plan.lessonsForRoadmaps).flat().length;
        if (lessons !== 100) throw new Error(`the seeded plan has ${lessons} lessons, not 100`);
        const health = { endpoint: 'GET /api/health', path: '/api/health', note: '' };
        const target = { endpoint: 'GET optimized-data', path, headers: learner.headers, note: '' };
        await load(api.base, target, 2, opts.connections); // warm-up
        const h = await load(api.base, health, opts.seconds, opts.connections);
        const p = await load(api.base, target, opts.seconds, opts.connections);
        results[kind] = { health: h.requests.average, planData: p.requests.average, p99Ms: p.latency.p99 };
        rows.push({
          area: 'API',
          metric: `GET /api/learningplan/optimized-data (10 × 10), ${kind}`,
          value: `${p.requests.average.toFixed(0)} req/s, p99 ${p.latency.p99} ms`,
          note: `${((p.requests.average / h.requests.average) * 100).toFixed(1)} % of /api/health (${h.requests.average.toFixed(0)} req/s, p99 ${h.latency.p99} ms) on the same server; 100 lessons, one round trip`,
        });
      } finally {
        await api.stop();
      }
    } finally {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (kinds.length === 1)
    rows.push({
      area: 'API',
      metric: 'GET /api/learningplan/optimized-data (10 × 10), PostgreSQL',
      value: 'not measured',
      note: 'set DATABASE_URL to a server whose role may create databases',
    });
  return { rows, results };
}
