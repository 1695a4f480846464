// Roadmap jobs against a misbehaving OpenAI-protocol server: every fault ends in a stored roadmap or a
// failure recorded with a reason the UI can show, never a job left running. Budgets are shortened so hangs
// and retries take milliseconds.

import { type OpenAiTestServer, type Step, startOpenAiServer } from '@mindpath/fake-openai';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiFromConfig } from '../src/ai/index.ts';
import { createOfflineProvider } from '../src/ai/offline/provider.ts';
import { createAi } from '../src/ai/service.ts';
import { loadConfig } from '../src/config.ts';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';

let server: OpenAiTestServer;
let t: TestApp;
let valid: string;

beforeAll(async () => {
  server = await startOpenAiServer();
  const env = { AI_BASE_URL: server.url, AI_API_KEY: 'k' };
  const ai = createAiFromConfig(loadConfig(env), {
    timeouts: { content: 1_500 },
    retry: { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 1_000 },
    random: () => 0.5,
  });
  t = await createTestApp(env, { ai });
  const { data } = await createAi(createOfflineProvider()).generateRoadmap({
    goal: 'Learn Rust',
    level: 'Beginner',
    topics: [],
  });
  const { source: _source, ...generated } = data;
  valid = JSON.stringify(generated);
});
afterAll(async () => {
  await t.close();
  await server.close();
});

async function run(app: FastifyInstance, ...steps: Step[]) {
  server.reset();
  server.enqueue(...steps);
  const l = await registerLearner(app);
  // Pro: the model tier of paying learners, and no generation window between the cases
  await setTierByEmail(t.database.db, l.email, 'pro');
  const userId = (await app.inject({ url: '/api/user', headers: l.headers })).json().id;
  const goalId = (
    await app.inject({
      method: 'POST',
      url: '/api/goals',
      headers: l.headers,
      payload: { description: 'Beginner: Learn Rust' },
    })
  ).json().id;
  const started = await app.inject({
    method: 'POST',
    url: `/api/roadmaps/${userId}/${goalId}`,
    headers: l.headers,
    payload: {},
  });
  expect(started.statusCode).toBe(202);
  const status = (
    await app.inject({ url: `/api/roadmaps/goal/${goalId}/generation?waitMs=20000`, headers: l.headers })
  ).json();
  expect(status.isGenerating).toBe(false);
  const sections = (await app.inject({ url: `/api/roadmaps/goal/${goalId}`, headers: l.headers })).json();
  return { job: status.job, sections };
}

const truncated = () => valid.slice(0, Math.floor(valid.length * 0.6));

describe('roadmap job faults', () => {
  const ok: [string, () => Step[]][] = [
    ['JSON in a fence', () => [{ content: `\`\`\`json\n${valid}\n\`\`\`` }]],
    ['JSON inside prose', () => [{ content: `Sure! Here is your roadmap:\n${valid}\nGood luck.` }]],
    ['a slow answer within the budget', () => [{ latencyMs: 300, content: valid }]],
    [
      '429 with retry-after, then an answer',
      () => [{ status: 429, headers: { 'retry-after': '0' }, error: 'slow down' }, { content: valid }],
    ],
    ['500, then an answer', () => [{ status: 500, error: 'oops' }, { content: valid }]],
    [
      'an invalid roadmap, then a valid one on the re-ask',
      () => [{ content: '{"title":"x","summary":"y","sections":[]}' }, { content: valid }],
    ],
  ];
  for (const [name, steps] of ok) {
    it(`stores the roadmap after ${name}`, async () => {
      const { job, sections } = await run(t.app, ...steps());
      expect(job.status, JSON.stringify(job.error)).toBe('succeeded');
      expect(sections.length).toBe(JSON.parse(valid).sections.length);
    });
  }

  const failing: [string, () => Step[], string][] = [
    ['a hang', () => [{ hang: true }, { hang: true }, { hang: true }], 'Content generation timeout'],
    [
      '500 on every attempt',
      () => [{ status: 500 }, { status: 500 }, { status: 500 }],
      'The AI provider is unavailable right now. Please try again later.',
    ],
    [
      'a refused key',
      () => [{ status: 401, error: 'bad key' }],
      'The AI provider refused the credentials. Check AI_API_KEY.',
    ],
    [
      'invalid output twice',
      () => [{ content: '{"sections": 1}' }, { content: 'still not it' }],
      'The AI provider returned content that could not be used.',
    ],
  ];
  for (const [name, steps, message] of failing) {
    it(`records a failure after ${name}`, async () => {
      const { job, sections } = await run(t.app, ...steps());
      expect(job.status).toBe('failed');
      expect(job.error.message).toBe(message);
      expect(sections).toEqual([]);
    });
  }

  it('repairs or fails cleanly on truncated JSON', async () => {
    const { job } = await run(t.app, { content: truncated() }, { content: truncated() });
    expect(['succeeded', 'failed']).toContain(job.status);
    if (job.status === 'failed')
      expect(job.error.message).toBe('The AI provider returned content that could not be used.');
  });
});
