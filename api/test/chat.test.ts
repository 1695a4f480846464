// The AI tutor chat through the real app: per-lesson and general conversations, history paged from the newest,
// deletion, the free plan's 5 queries a day (a failure costs none), the streamed variant over a real socket,
// a provider's answers and failures (the spec's error reply), and owner scoping.
import { CHAT_ERROR_REPLY, CHAT_LIMIT_MESSAGE } from '@mindpath/contracts/chat';
import { type OpenAiTestServer, startOpenAiServer } from '@mindpath/fake-openai';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiFromConfig } from '../src/ai/index.ts';
import { createOfflineProvider } from '../src/ai/offline/provider.ts';
import { createAi } from '../src/ai/service.ts';
import { loadConfig } from '../src/config.ts';
import { lessons, usageEvents } from '../src/db/schema.ts';
import { type ApiCall, createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { applyDeltas, learnerWithPlan, readSse } from './helpers/lessons.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const api: ApiCall = (...args) => t.api(...args);

const chatUses = (userId: string, app = t) =>
  app.database.db
    .select()
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.kind, 'chat')));

describe('the chat', () => {
  it('answers about a lesson and keeps the conversation', async () => {
    const l = await learnerWithPlan(t.app);
    const lessonId = l.lessonIds[0]!;
    const res = await api('POST', '/chat', l.headers, { message: 'How do I use variables?', lessonId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ response: expect.stringMatching(/\S/), source: 'offline' });
    const history = (await api('GET', `/chat/history?lessonId=${lessonId}`, l.headers)).json();
    expect(history).toMatchObject({ total: 2, hasMore: false });
    expect(history.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', 'How do I use variables?'],
      ['assistant', res.json().response],
    ]);
    // the general conversation (no lesson) is another one
    expect((await api('GET', '/chat/history', l.headers)).json().total).toBe(0);
  });

  it('does not send a blank message', async () => {
    const l = await registerLearner(t.app);
    const res = await api('POST', '/chat', l.headers, { message: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('message');
  });

  it('pages the history by 10 from the newest, oldest first within a page, and deletes a conversation', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const lessonId = l.lessonIds[0]!;
    for (let i = 1; i <= 6; i++) {
      expect((await api('POST', '/chat', l.headers, { message: `question ${i}`, lessonId })).statusCode).toBe(
        200,
      );
    }
    await api('POST', '/chat', l.headers, { message: 'a general question' });
    const first = (await api('GET', `/chat/history?lessonId=${lessonId}&skip=0&take=10`, l.headers)).json();
    expect(first).toMatchObject({ total: 12, hasMore: true });
    expect(first.messages).toHaveLength(10);
    expect(first.messages[0].content).toBe('question 2');
    expect(first.messages.at(-1).role).toBe('assistant');
    const second = (await api('GET', `/chat/history?lessonId=${lessonId}&skip=10`, l.headers)).json();
    expect(second).toMatchObject({ total: 12, hasMore: false });
    expect(second.messages.map((m: { content: string }) => m.content)[0]).toBe('question 1');

    expect((await api('DELETE', `/chat/history?lessonId=${lessonId}`, l.headers)).statusCode).toBe(204);
    expect((await api('GET', `/chat/history?lessonId=${lessonId}`, l.headers)).json().total).toBe(0);
    expect((await api('GET', '/chat/history', l.headers)).json().total).toBe(2);
  });

  it('gives a free learner 5 queries a day, then 429 with the rate-limit body; Pro is unlimited', async () => {
    const free = await registerLearner(t.app);
    for (let i = 0; i < 5; i++) {
      expect((await api('POST', '/chat', free.headers, { message: `q${i}` })).statusCode).toBe(200);
    }
    const refused = await api('POST', '/chat', free.headers, { message: 'one more' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: CHAT_LIMIT_MESSAGE,
      code: 'PLAN_LIMIT',
      currentCount: 5,
      maxRequests: 5,
    });
    expect(refused.json().hoursUntilReset).toBeLessThanOrEqual(24);
    const streamed = await api('POST', '/chat/stream', free.headers, { message: 'one more' });
    expect(streamed.statusCode).toBe(429);

    const pro = await learnerWithPlan(t.app, { pro: true });
    for (let i = 0; i < 6; i++) {
      expect((await api('POST', '/chat', pro.headers, { message: `q${i}` })).statusCode).toBe(200);
    }
  });

  it('streams the answer over a real socket, then stores it', async () => {
    const l = await learnerWithPlan(t.app);
    const lessonId = l.lessonIds[0]!;
    const { status, events } = await readSse(`${base}/api/chat/stream`, l.headers, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Explain variables with an example', lessonId }),
    });
    expect(status).toBe(200);
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(2);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: 'done', source: 'offline' });
    expect(
      deltas
        .map((d) => d.text)
        .join('')
        .trim(),
    ).toBe(done.response);
    const history = (await api('GET', `/chat/history?lessonId=${lessonId}`, l.headers)).json();
    expect(history.messages.at(-1).content).toBe(done.response);
    expect(await chatUses(l.id)).toHaveLength(1);
  });

  it("is another learner's 404 for their lesson's conversation", async () => {
    const owner = await learnerWithPlan(t.app);
    const other = await registerLearner(t.app);
    const lessonId = owner.lessonIds[0]!;
    await api('POST', '/chat', owner.headers, { message: 'hello', lessonId });
    for (const [method, url, body] of [
      ['POST', '/chat', { message: 'hi', lessonId }],
      ['POST', '/chat/stream', { message: 'hi', lessonId }],
      ['GET', `/chat/history?lessonId=${lessonId}`, undefined],
      ['DELETE', `/chat/history?lessonId=${lessonId}`, undefined],
    ] as const) {
      const res = await api(method, url, other.headers, body);
      expect(res.statusCode, url).toBe(404);
    }
    expect((await api('GET', `/chat/history?lessonId=${lessonId}`, owner.headers)).json().total).toBe(2);
  });
});

describe('the chat on a provider', () => {
  let server: OpenAiTestServer;
  let p: TestApp;
  let pBase: string;

  beforeAll(async () => {
    server = await startOpenAiServer();
    const env = { AI_BASE_URL: server.url, AI_API_KEY: 'k' };
    const ai = createAiFromConfig(loadConfig(env), {
      retry: { maxRetries: 1, baseDelayMs: 5, maxDelayMs: 10, maxRetryAfterMs: 100 },
    });
    p = await createTestApp(env, { ai });
    pBase = await p.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await p.close();
    await server.close();
  });

  it("answers with the model's words and sends the conversation", async () => {
    server.reset();
    server.setFallback({ content: 'A variable is a **name** for a value.' });
    const l = await registerLearner(p.app);
    const first = await p.api('POST', '/chat', l.headers, { message: 'What is a variable?' });
    expect(first.json()).toEqual({
      response: 'A variable is a **name** for a value.',
      source: 'model',
      citations: [],
    });
    await p.api('POST', '/chat', l.headers, { message: 'And a constant?' });
    const sent = server.requests.at(-1)!.body.messages as { role: string; content: string }[];
    expect(sent.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual([
      'What is a variable?',
      'A variable is a **name** for a value.',
      'And a constant?',
    ]);
  });

  it('gives the model the lesson the learner is reading', async () => {
    const { data } = await createAi(createOfflineProvider()).generateRoadmap({
      goal: 'Learn Python',
      level: 'Beginner',
      topics: [],
    });
    const { source: _s, ...roadmap } = data;
    server.reset();
    server.setFallback((req) =>
      req.body?.response_format?.json_schema?.name === 'roadmap'
        ? { content: JSON.stringify(roadmap) }
        : { content: 'See the Example section.' },
    );
    const l = await learnerWithPlan(p.app);
    const lessonId = l.lessonIds[0]!;
    const content =
      '# Variables\n\n## Overview\n\nA variable is a name bound to an object (the seventh wonder).';
    await p.database.db.update(lessons).set({ content }).where(eq(lessons.id, lessonId));
    const res = await p.api('POST', '/chat', l.headers, {
      message: 'What is the seventh wonder?',
      lessonId,
    });
    expect(res.json().response).toBe('See the Example section.');
    const system = (server.requests.at(-1)!.body.messages as { role: string; content: string }[])
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join('\n');
    expect(system).toContain('the lesson "');
    expect(system).toContain('a name bound to an object (the seventh wonder)');

    // a lesson the free plan's gate keeps closed is not handed to the model
    const gatedId = l.lessonIds[1]!;
    await p.database.db
      .update(lessons)
      .set({ content: '# Loops\n\nThe secret of loops.' })
      .where(eq(lessons.id, gatedId));
    await p.api('PUT', `/roadmaps/items/${lessonId}/completion`, l.headers, { isCompleted: true });
    await p.api('POST', '/chat', l.headers, { message: 'Loops?', lessonId: gatedId });
    const sent = JSON.stringify(server.requests.at(-1)!.body.messages);
    expect(sent).toContain('Loops?');
    expect(sent).not.toContain('The secret of loops.');
  });

  it("answers a failure with the spec's error reply and counts no query", async () => {
    server.reset();
    server.setFallback({ status: 500, error: 'down' });
    const l = await registerLearner(p.app);
    const userId = (await p.api('GET', '/user', l.headers)).json().id;
    const res = await p.api('POST', '/chat', l.headers, { message: 'Hello?' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ message: CHAT_ERROR_REPLY, code: 'AI_UNAVAILABLE' });
    const { events } = await readSse(`${pBase}/api/chat/stream`, l.headers, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hello?' }),
    });
    expect(events.at(-1)).toMatchObject({ type: 'error', message: CHAT_ERROR_REPLY });
    expect(await chatUses(userId, p)).toEqual([]);
    expect((await p.api('GET', '/chat/history', l.headers)).json().total).toBe(0);
  });

  it('streams the model tokens as they come', async () => {
    server.reset();
    const text = 'Variables hold values. Use descriptive names, and reassign them when the value changes.';
    server.setFallback({ content: text, chunkDelayMs: 20 });
    const l = await registerLearner(p.app);
    const { events } = await readSse(`${pBase}/api/chat/stream`, l.headers, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Tips?' }),
    });
    // the answer is followed from the job's progress, stored every 50 ms: the pieces come as they are
    // written (a dozen tokens 20 ms apart), a few tokens a piece, not all at the end
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThan(3);
    expect((deltas.at(-1)!.at as number) - (deltas[0]!.at as number)).toBeGreaterThan(100);
    expect(applyDeltas(events)).toBe(text);
    expect(events.at(-1)).toEqual(expect.objectContaining({ type: 'done', response: text, source: 'model' }));
  });
});
