// The openai provider against a real Chat Completions server (@mindpath/fake-openai): every fault
// ends in a valid result or a typed AiError, never a hang.
import {
  GeneratedKnowledgeAssessmentSchema,
  GeneratedRoadmapSchema,
  RoadmapResultSchema,
} from '@mindpath/contracts/ai';
import { type OpenAiTestServer, startOpenAiServer } from '@mindpath/fake-openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiError } from '../src/ai/errors.ts';
import { offlineKnowledgeAssessment, offlineRoadmap } from '../src/ai/offline/generators.ts';
import { createOpenAiProvider, type OpenAiProviderOptions, type RetryEvent } from '../src/ai/openai.ts';
import { definePrompt } from '../src/ai/prompts/define.ts';
import { createAi } from '../src/ai/service.ts';

let server: OpenAiTestServer;
beforeAll(async () => {
  server = await startOpenAiServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const Item = z.object({ title: z.string().min(1), items: z.array(z.string()).min(2) });
const itemPrompt = definePrompt<{ goal: string }>({
  id: 'test-items',
  version: 3,
  task: 'assessment',
  system: 'You list items. Answer with JSON only.',
  user: ({ goal }) => `Items for ${goal}`,
});
const VALID = { title: 'Plan', items: ['a', 'b', 'c'] };

function provider(extra: Partial<OpenAiProviderOptions> = {}) {
  const retries: RetryEvent[] = [];
  const p = createOpenAiProvider({
    baseUrl: server.url,
    apiKey: 'sk-test',
    model: 'test-model',
    modelPro: 'test-model-pro',
    retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 4, maxRetryAfterMs: 1_000 },
    timeouts: { assessment: 5_000, content: 5_000, chat: 5_000 },
    random: () => 0.5,
    onRetry: (e) => retries.push(e),
    ...extra,
  });
  return { p, retries };
}

const generate = (p: ReturnType<typeof provider>['p'], extra: Record<string, unknown> = {}) =>
  p.generateObject({ schema: Item, schemaName: 'items', prompt: itemPrompt.build({ goal: 'x' }), ...extra });

async function failure(promise: Promise<unknown>): Promise<AiError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(AiError);
    return e as AiError;
  }
  throw new Error('expected the call to fail');
}

const body = (i: number) => server.requests[i]?.body;

describe('structured output', () => {
  it('asks for a JSON schema made from the zod schema and validates the answer', async () => {
    const { p } = provider();
    server.enqueue({ content: JSON.stringify(VALID) });
    const { object, meta } = await generate(p);
    expect(object).toEqual(VALID);
    expect(meta).toMatchObject({
      source: 'model',
      provider: 'openai',
      model: 'test-model',
      promptId: 'test-items',
      promptVersion: 3,
      requests: 1,
      reasked: false,
      repaired: false,
      mode: 'json_schema',
      usage: { promptTokens: 10, completionTokens: 20 },
    });
    const req = server.requests[0];
    expect(req?.path).toBe('/v1/chat/completions');
    expect(req?.headers.authorization).toBe('Bearer sk-test');
    expect(req?.body.model).toBe('test-model');
    expect(req?.body.max_tokens).toBeGreaterThan(0);
    expect(req?.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'items', strict: true },
    });
    const schema = req?.body.response_format.json_schema.schema;
    expect(schema).toMatchObject({
      type: 'object',
      required: ['title', 'items'],
      additionalProperties: false,
    });
    expect(schema.$schema).toBeUndefined();
    expect(req?.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
  });

  it('gives Pro learners AI_MODEL_PRO', async () => {
    const { p } = provider();
    server.enqueue({ content: JSON.stringify(VALID) });
    const { meta } = await generate(p, { tier: 'pro' });
    expect(body(0).model).toBe('test-model-pro');
    expect(meta.model).toBe('test-model-pro');
  });

  it('reads JSON from a ```json fence', async () => {
    const { p } = provider();
    server.enqueue({
      content: `Here you go:\n\n\`\`\`json\n${JSON.stringify(VALID, null, 2)}\n\`\`\`\nEnjoy!`,
    });
    expect((await generate(p)).object).toEqual(VALID);
  });

  it('reads JSON surrounded by prose', async () => {
    const { p } = provider();
    server.enqueue({ content: `Sure! The plan is ${JSON.stringify(VALID)} — let me know if you want more.` });
    expect((await generate(p)).object).toEqual(VALID);
  });

  it('repairs JSON cut off by the token limit', async () => {
    const { p } = provider();
    server.enqueue({ content: '{"title": "Plan", "items": ["a", "b", "c', finishReason: 'length' });
    const { object, meta } = await generate(p);
    expect(object).toEqual(VALID);
    expect(meta.repaired).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('re-asks once with the validation error, then accepts the corrected answer', async () => {
    const { p } = provider();
    server.enqueue(
      { content: JSON.stringify({ title: '', items: ['only one'] }) },
      { content: JSON.stringify(VALID) },
    );
    const { object, meta } = await generate(p);
    expect(object).toEqual(VALID);
    expect(meta).toMatchObject({ reasked: true, requests: 2 });
    const messages = body(1).messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[2]?.content).toContain('only one');
    expect(messages[3]?.content).toMatch(/could not be used/);
    expect(messages[3]?.content).toContain('items');
  });

  it('re-asks only once: a second invalid answer is an invalid_output error', async () => {
    const { p } = provider();
    server.setFallback({ content: 'I cannot produce JSON today.' });
    const err = await failure(generate(p));
    expect(err.reason).toBe('invalid_output');
    expect(err.userMessage).toBe('The AI provider returned content that could not be used.');
    expect(server.requests).toHaveLength(2);
  });

  it('falls back to JSON mode when the server refuses response_format json_schema, and remembers', async () => {
    const { p } = provider();
    server.enqueue(
      {
        status: 400,
        error: "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
      },
      { content: JSON.stringify(VALID) },
      { content: JSON.stringify(VALID) },
    );
    const { meta } = await generate(p);
    expect(meta.mode).toBe('json_object');
    expect(p.structuredMode).toBe('json_object');
    expect(body(1).response_format).toEqual({ type: 'json_object' });
    // JSON mode carries the schema in the prompt instead
    expect(body(1).messages[0].content).toContain('JSON Schema');
    expect(body(1).messages[0].content).toContain('"items"');
    await generate(p);
    expect(body(2).response_format).toEqual({ type: 'json_object' });
    expect(server.requests).toHaveLength(3);
  });

  it('falls back to the prompt alone when JSON mode is refused too', async () => {
    const { p } = provider();
    server.enqueue(
      { status: 400, error: 'response_format is not supported' },
      { status: 400, error: 'Unknown field: response_format' },
      { content: `\`\`\`\n${JSON.stringify(VALID)}\n\`\`\`` },
    );
    const { object, meta } = await generate(p);
    expect(object).toEqual(VALID);
    expect(meta.mode).toBe('prompt');
    expect(body(2).response_format).toBeUndefined();
  });

  it('drops max_tokens when the server refuses it', async () => {
    const { p } = provider();
    server.enqueue(
      {
        status: 400,
        error:
          "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      },
      { content: JSON.stringify(VALID) },
    );
    await generate(p);
    expect(body(0).max_tokens).toBeGreaterThan(0);
    expect(body(1).max_tokens).toBeUndefined();
  });

  it('answers after the latency the server takes', async () => {
    const { p } = provider();
    server.enqueue({ latencyMs: 80, content: JSON.stringify(VALID) });
    expect((await generate(p)).object).toEqual(VALID);
  });
});

describe('retries', () => {
  it('honours retry-after-ms on 429, then succeeds', async () => {
    const { p, retries } = provider();
    server.enqueue(
      { status: 429, headers: { 'retry-after-ms': '25' }, error: 'Rate limit reached' },
      { content: JSON.stringify(VALID) },
    );
    const { meta } = await generate(p);
    expect(meta.requests).toBe(2);
    expect(retries).toEqual([{ retry: 1, delayMs: 25, reason: 'rate_limited', status: 429 }]);
  });

  it('honours retry-after in seconds', async () => {
    const { p, retries } = provider();
    server.enqueue({ status: 429, headers: { 'retry-after': '0' } }, { content: JSON.stringify(VALID) });
    await generate(p);
    expect(retries[0]).toMatchObject({ delayMs: 0, status: 429 });
  });

  it('gives up at once when retry-after is longer than the call may wait', async () => {
    const { p, retries } = provider();
    server.enqueue({ status: 429, headers: { 'retry-after': '3600' }, error: 'quota' });
    const err = await failure(generate(p));
    expect(err.reason).toBe('rate_limited');
    expect(err.status).toBe(429);
    expect(retries).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 500 with exponential backoff, then succeeds', async () => {
    const { p, retries } = provider();
    server.enqueue(
      { status: 500, error: 'boom' },
      { status: 500, error: 'boom' },
      { content: JSON.stringify(VALID) },
    );
    expect((await generate(p)).object).toEqual(VALID);
    // random() = 0.5 → three quarters of the step: 1 ms × 2^0, × 2^1
    expect(retries.map((r) => r.delayMs)).toEqual([1, 2]);
    expect(retries.every((r) => r.status === 500)).toBe(true);
  });

  it.each([408, 409, 425, 502, 503, 504])('retries %i', async (status) => {
    const { p } = provider();
    server.enqueue({ status }, { content: JSON.stringify(VALID) });
    expect((await generate(p)).object).toEqual(VALID);
    expect(server.requests).toHaveLength(2);
  });

  it('stops after the last retry with the last failure', async () => {
    const { p } = provider();
    server.setFallback({ status: 503, error: 'overloaded' });
    const err = await failure(generate(p));
    expect(err).toMatchObject({ reason: 'unavailable', status: 503 });
    expect(err.message).toContain('overloaded');
    expect(server.requests).toHaveLength(3);
  });

  it.each([
    [400, 'bad_request'],
    [401, 'auth'],
    [403, 'auth'],
    [404, 'not_found'],
    [422, 'bad_request'],
  ] as const)('never retries %i (%s)', async (status, reason) => {
    const { p, retries } = provider();
    server.setFallback({ status, error: 'no' });
    const err = await failure(generate(p));
    expect(err).toMatchObject({ reason, status });
    expect(server.requests).toHaveLength(1);
    expect(retries).toEqual([]);
  });

  it('retries an empty answer', async () => {
    const { p, retries } = provider();
    server.enqueue({ content: '' }, { content: null }, { content: JSON.stringify(VALID) });
    expect((await generate(p)).object).toEqual(VALID);
    expect(retries.map((r) => r.reason)).toEqual(['empty_answer', 'empty_answer']);
  });

  it('reports empty answers that never stop as empty_answer', async () => {
    const { p } = provider();
    server.setFallback({ content: '   ' });
    expect((await failure(generate(p))).reason).toBe('empty_answer');
  });

  it('retries a body that is not JSON', async () => {
    const { p } = provider();
    server.enqueue({ rawBody: '<html>Bad gateway</html>' }, { content: JSON.stringify(VALID) });
    expect((await generate(p)).object).toEqual(VALID);
  });

  it('reports an unreachable server as a network error after the retries', async () => {
    const dead = await startOpenAiServer();
    const url = dead.url;
    await dead.close();
    const { p, retries } = provider({ baseUrl: url });
    const err = await failure(generate(p));
    expect(err.reason).toBe('network');
    expect(retries).toHaveLength(2);
  });
});

describe('timeouts and cancellation', () => {
  it('ends a hanging assessment call with the spec message', async () => {
    const { p } = provider({ timeouts: { assessment: 150 } });
    server.setFallback({ hang: true });
    const err = await failure(generate(p));
    expect(err.reason).toBe('timeout');
    expect(err.userMessage).toBe('Assessment generation timeout');
  });

  it('ends a hanging content call with the spec message', async () => {
    const { p } = provider({ timeouts: { content: 150 } });
    server.setFallback({ hang: true });
    const err = await failure(generate(p, { task: 'content' }));
    expect(err.userMessage).toBe('Content generation timeout');
  });

  it('takes a per-call timeout', async () => {
    const { p } = provider();
    server.setFallback({ hang: true });
    expect((await failure(generate(p, { timeoutMs: 100 }))).reason).toBe('timeout');
  });

  it('is cancelled by the caller’s signal', async () => {
    const { p } = provider();
    server.setFallback({ hang: true });
    const controller = new AbortController();
    const pending = generate(p, { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect((await failure(pending)).reason).toBe('aborted');
  });
});

describe('streaming', () => {
  const textPrompt = definePrompt<{ topic: string }>({
    id: 'test-text',
    version: 1,
    task: 'content',
    system: 'Write.',
    user: ({ topic }) => `About ${topic}`,
  });
  const LESSON =
    '# Loops\n\n## Overview\n\nA loop repeats work. Here is `for`:\n\n```python\nfor i in range(3):\n    print(i)\n```\n';

  async function collect(iterable: AsyncIterable<string>) {
    const deltas: string[] = [];
    for await (const d of iterable) deltas.push(d);
    return deltas;
  }

  it('parses Server-Sent Events into text deltas', async () => {
    const { p } = provider();
    server.enqueue({ content: LESSON, chunkDelayMs: 2 });
    const deltas = await collect(p.streamText({ prompt: textPrompt.build({ topic: 'loops' }) }));
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe(LESSON);
    expect(body(0).stream).toBe(true);
    expect(body(0).response_format).toBeUndefined();
  });

  it('reads events whose CRLF line ends the network cuts in two, and bare CR line ends', async () => {
    const { p } = provider();
    const data = (c: string) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: c } }] })}`;
    server.enqueue({
      rawChunks: [
        `${data('Hel')}\r`,
        `\n\r`,
        `\n${data('lo ')}\r\n`,
        `\r`,
        `\n: keep-alive\r\r${data('wor')}\r\r`,
        `${data('ld')}\r`,
        `\r`,
        `data: [DONE]\r\n\r\n`,
      ],
      chunkDelayMs: 5,
    });
    expect((await collect(p.streamText({ prompt: textPrompt.build({ topic: 'x' }) }))).join('')).toBe(
      'Hello world',
    );
  });

  it('retries a stream that fails before it starts', async () => {
    const { p } = provider();
    server.enqueue({ status: 503 }, { content: 'ok then' });
    expect((await collect(p.streamText({ prompt: textPrompt.build({ topic: 'x' }) }))).join('')).toBe(
      'ok then',
    );
    expect(server.requests).toHaveLength(2);
  });

  it('retries an empty stream', async () => {
    const { p } = provider();
    server.enqueue({ content: '' }, { content: 'second' });
    expect((await collect(p.streamText({ prompt: textPrompt.build({ topic: 'x' }) }))).join('')).toBe(
      'second',
    );
  });

  it('times out a stream that stalls midway', async () => {
    const { p } = provider({ timeouts: { content: 200 } });
    server.enqueue({ content: LESSON, hangAfterChunks: 3 });
    const deltas: string[] = [];
    const err = await failure(
      (async () => {
        for await (const d of p.streamText({ prompt: textPrompt.build({ topic: 'x' }) })) deltas.push(d);
      })(),
    );
    expect(err.userMessage).toBe('Content generation timeout');
    expect(deltas.join('')).toBe(LESSON.slice(0, 21));
  });

  it('reports a stream whose connection drops midway', async () => {
    const { p } = provider();
    server.enqueue({ content: LESSON, dropAfterChunks: 2 });
    const err = await failure(
      (async () => {
        for await (const _ of p.streamText({ prompt: textPrompt.build({ topic: 'x' }) })) {
        }
      })(),
    );
    expect(err.reason).toBe('network');
    expect(server.requests).toHaveLength(1);
  });
});

describe('chat', () => {
  it('answers a conversation in text', async () => {
    const { p } = provider();
    server.enqueue({ content: '  A closure keeps its scope.  ' });
    const { content, meta } = await p.chat([{ role: 'user', content: 'What is a closure?' }]);
    expect(content).toBe('A closure keeps its scope.');
    expect(meta.source).toBe('model');
    expect(body(0).messages).toEqual([{ role: 'user', content: 'What is a closure?' }]);
    expect(body(0).response_format).toBeUndefined();
  });
});

describe('the AI tasks over the openai provider', () => {
  const input = { goal: 'Beginner: learn SQL', level: 'Beginner' as const, topics: ['Joins'] };

  it('generates a roadmap that validates, stamped as model output', async () => {
    const ai = createAi(provider().p);
    server.enqueue({ content: `\`\`\`json\n${JSON.stringify(offlineRoadmap(input))}\n\`\`\`` });
    const { data, meta } = await ai.generateRoadmap(input);
    expect(RoadmapResultSchema.parse(data).source).toBe('model');
    expect(meta?.promptId).toBe('roadmap');
    expect(body(0).response_format.json_schema.name).toBe('roadmap');
    expect(body(0).messages[1].content).toContain('Joins');
  });

  it('re-asks when a roadmap breaks the section limits', async () => {
    const ai = createAi(provider().p);
    const roadmap = offlineRoadmap(input);
    server.enqueue(
      { content: JSON.stringify({ ...roadmap, sections: roadmap.sections.slice(0, 2) }) },
      { content: JSON.stringify(roadmap) },
    );
    const { data } = await ai.generateRoadmap(input);
    expect(GeneratedRoadmapSchema.safeParse(data).success).toBe(true);
    expect(body(1).messages.at(-1).content).toContain('sections');
  });

  it('re-asks when a multiple-choice correctAnswer is not one of the options', async () => {
    const ai = createAi(provider().p);
    const good = offlineKnowledgeAssessment({ goal: 'SQL', level: 'Beginner' });
    const bad = structuredClone(good);
    const q = bad.topics[0]?.questions[0];
    if (q) q.correctAnswer = 'none of these';
    server.enqueue({ content: JSON.stringify(bad) }, { content: JSON.stringify(good) });
    const { data } = await ai.generateKnowledgeAssessment({ goal: 'SQL', level: 'Beginner' });
    expect(GeneratedKnowledgeAssessmentSchema.parse(data)).toBeTruthy();
    expect(body(1).messages.at(-1).content).toContain('correctAnswer must be exactly one of the options');
  });

  it('evaluates in code, asking the model only to grade open answers', async () => {
    const ai = createAi(provider().p);
    const assessment = offlineKnowledgeAssessment({ goal: 'SQL', level: 'Beginner' });
    const answers = assessment.topics.flatMap((t, ti) =>
      t.questions.map((q, qi) => ({
        topicIndex: ti,
        questionIndex: qi,
        answer: ti === 0 ? q.correctAnswer : 'idk',
      })),
    );
    const open = answers.filter(
      (a) => assessment.topics[a.topicIndex]?.questions[a.questionIndex]?.type === 'open-ended',
    );
    server.enqueue({
      // the model claims 100 for everything; only open answers take a grade from it
      content: JSON.stringify({ grades: open.map((_, i) => ({ index: i, score: 100, feedback: 'Great.' })) }),
    });
    const { data } = await ai.evaluateAssessment({ goal: 'SQL', assessment, answers });
    expect(data.source).toBe('model');
    expect(data.topics[0]).toMatchObject({ score: 100, recommendToComplete: false });
    for (const t of data.topics.slice(1)) {
      const topic = assessment.topics.find((x) => x.title === t.title);
      const mc = topic?.questions.filter((q) => q.type === 'multiple-choice').length ?? 0;
      const all = topic?.questions.length ?? 1;
      expect(t.score).toBe(Math.round((100 * (all - mc)) / all));
    }
    expect(server.requests).toHaveLength(1);
    expect(body(0).response_format.json_schema.name).toBe('grade_open_answers');
  });
});
