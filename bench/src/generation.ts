// The generation pipeline's own cost: the API pointed at the OpenAI protocol test server
// answering every call after a fixed 500 ms, so total time minus 500 ms × calls is what Mindpath adds
// (prompting, validation, the job queue, the worker's claim and the long poll). The reads under load are in
// scale.ts.

import { startOpenAiServer } from '@mindpath/fake-openai';
import { createOfflineProvider } from '../../api/src/ai/offline/provider.ts';
import { createAi } from '../../api/src/ai/service.ts';
import { type Deployment, type Learner, registerLearner, startApi } from './api-server.ts';
import { budget, median, type Row } from './table.ts';

const PROVIDER_LATENCY_MS = 500;
const PORT = 8096;
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
  const rows = Object.entries(results).map(
    ([name, r]): Row => ({
      area: 'AI pipeline',
      metric: name,
      value: `${r.overheadMs.toFixed(0)} ms overhead`,
      // 5 % of the one provider call: what the queue, the worker and the writes may add to a roadmap
      ...(name === ROADMAP_CASE ? { check: budget(r.overheadMs <= 25, '≤ 25 ms') } : {}),
      note: `median of ${runs}: ${r.totalMs.toFixed(0)} ms total − ${r.calls} provider call(s) × ${PROVIDER_LATENCY_MS} ms (protocol server)`,
    }),
  );
  return { rows, results };
}
