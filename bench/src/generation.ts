// The generation pipeline's own cost: the API pointed at the OpenAI protocol test server
// answering every call after a fixed 500 ms, so total time minus the provider's round trip × calls is what
// Mindpath adds (prompting, validation, the job queue, the worker's claim and the long poll). The round trip is
// measured beside each run, as a bare client meets it: the 500 ms and what any HTTP call to the provider
// costs (its server, loopback, waking both ends), 3-7 ms here. The reads under load are in scale.ts.

import { setTimeout as delay } from 'node:timers/promises';
import { createOfflineProvider } from '../../api/src/ai/offline/provider.ts';
import { createAi } from '../../api/src/ai/service.ts';
import { type Deployment, type Learner, registerLearner, startApi } from './api-server.ts';
import { startProviderThread } from './provider-thread.ts';
import { budget, median, type Row } from './table.ts';

const PROVIDER_LATENCY_MS = 500;
/**
 * runs not counted: a server makes many roadmaps, and its steady state is what a learner meets. Each
 * statement runs on a custom plan, planned anew, for its first five calls before PostgreSQL settles on its
 * generic plan (plancache.c), and the JIT compiles the path over the first runs: measured, runs 6 and 7 still
 * took 30-37 ms, from the eighth on 20-27
 */
const WARM_UP_RUNS = 10;
/** the fewest runs the median is taken of: single runs of this path swing by ±5 ms on a quiet machine */
const MIN_RUNS = 9;
const PORT = 8096;
interface PipelineResult {
  totalMs: number;
  calls: number;
  /** a bare client's call to the provider, the median of those beside the runs */
  providerMs: number;
  overheadMs: number;
  /** the first run after the server started: plans and JIT cold */
  firstOverheadMs: number;
}

const ROADMAP_CASE = 'roadmap job (POST → stored roadmap)';

export async function call<T>(base: string, learner: Learner, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { ...learner.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function newGoal(base: string, learner: Learner) {
  const { id: userId } = await call<{ id: string }>(base, learner, 'GET', '/api/user');
  const { id: goalId } = await call<{ id: string }>(base, learner, 'POST', '/api/goals', {
    description: 'Beginner: Learn Rust',
  });
  return { userId, goalId };
}

/**
 * One call to the provider as a bare client makes it, for the answer named `schemaName` (its size is the
 * API's answer's): what every call of the API's costs whatever Mindpath does around it.
 */
async function providerRoundTrip(providerUrl: string, schemaName: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${providerUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'bench-model',
      messages: [{ role: 'user', content: 'bench' }],
      response_format: { type: 'json_schema', json_schema: { name: schemaName, schema: {} } },
    }),
  });
  if (!res.ok) throw new Error(`the provider answered ${res.status}`);
  await res.json();
  return performance.now() - t0;
}

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
): Promise<{ rows: Row[]; results: Record<string, PipelineResult> }> {
  const answers = await modelAnswers();
  const server = await startProviderThread({
    latencyMs: PROVIDER_LATENCY_MS,
    bySchema: { roadmap: answers.roadmap },
    otherwise: answers.assessment,
  });
  const api = await startApi(deployment, {
    port: PORT,
    env: { AI_BASE_URL: server.url, AI_API_KEY: 'bench', AI_MODEL: 'bench-model' },
  });
  const cases = {
    'knowledge assessment (POST → questions)': async (learner: Learner, goalId: string) => {
      await call(api.base, learner, 'POST', `/api/assessments/knowledge/create-for-goal/${goalId}`, {});
    },
    [ROADMAP_CASE]: async (learner: Learner, goalId: string, userId: string) => {
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
  const results: Record<string, PipelineResult> = {};
  try {
    for (const [name, run] of Object.entries(cases)) {
      // the provider's answer for this case: the same size as the one the API gets (the prompts' ids)
      const schemaName = name === ROADMAP_CASE ? 'roadmap' : 'knowledge-assessment';
      const totals: number[] = [];
      const calls: number[] = [];
      const bare: number[] = [];
      let firstMs = 0;
      // each run on a learner and goal of its own, made beforehand: a registration's password hash and what
      // follows it (a burst of CPU, then its garbage) would otherwise fall into the next run
      const setups = [];
      for (let i = 0; i < WARM_UP_RUNS + Math.max(runs, MIN_RUNS); i++) {
        const learner = await registerLearner(api.base);
        setups.push({ learner, ...(await newGoal(api.base, learner)) });
      }
      // and settled: the setup's last requests and their garbage behind it
      await delay(2000);
      for (const [i, { learner, userId, goalId }] of setups.entries()) {
        const before = await server.requestCount();
        const t0 = performance.now();
        await run(learner, goalId, userId);
        const ms = performance.now() - t0;
        if (i === 0) firstMs = ms;
        if (i >= WARM_UP_RUNS) {
          totals.push(ms);
          calls.push((await server.requestCount()) - before);
          // beside each run, so both see the machine as it was then
          bare.push(await providerRoundTrip(server.url, schemaName));
        }
      }
      const totalMs = median(totals);
      const n = median(calls);
      const providerMs = median(bare);
      results[name] = {
        totalMs,
        calls: n,
        providerMs,
        overheadMs: totalMs - n * providerMs,
        firstOverheadMs: firstMs - n * providerMs,
      };
    }
  } finally {
    await api.stop();
    await server.close();
  }
  const rows = Object.entries(results).map(
    ([name, r]): Row => ({
      area: 'AI pipeline',
      metric: name,
      value: `${r.overheadMs.toFixed(0)} ms overhead`,
      // 5 % of the one provider call: what the queue, the worker and the writes may add to a roadmap
      ...(name === ROADMAP_CASE ? { check: budget(r.overheadMs <= 25, '≤ 25 ms') } : {}),
      note: `median of ${Math.max(runs, MIN_RUNS)} after ${WARM_UP_RUNS} warm-up runs (the first, after start: ${r.firstOverheadMs.toFixed(0)} ms): ${r.totalMs.toFixed(0)} ms total − ${r.calls} provider call(s) × ${r.providerMs.toFixed(1)} ms (a bare client's call to the protocol server answering after ${PROVIDER_LATENCY_MS} ms)`,
    }),
  );
  return { rows, results };
}
