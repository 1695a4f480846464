// The tutor that cites, through the real app on PGlite (and PostgreSQL with DATABASE_URL): on a goal with a
// ready source a lesson's question is answered from the learner's material, its passages, notes and the
// lesson, with [n] markers and the citations they name stored and returned (the answer, the stream's done
// event, the history); a question the material does not answer is NOT_IN_MATERIAL; another learner's
// material never appears; with a model, the numbered excerpts go in the request and the citations stored are
// those its answer cites.
import { type ChatCitation, ChatCitationSchema } from '@mindpath/contracts/citations';
import { NOT_IN_MATERIAL } from '@mindpath/contracts/sources-constants';
import { type OpenAiTestServer, startOpenAiServer } from '@mindpath/fake-openai';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiFromConfig } from '../src/ai/index.ts';
import { createOfflineProvider } from '../src/ai/offline/provider.ts';
import { CITE_RULE, EXCERPTS_HEADER } from '../src/ai/prompts/chat.ts';
import { createAi } from '../src/ai/service.ts';
import { loadConfig } from '../src/config.ts';
import { lessons } from '../src/db/schema.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { applyDeltas, learnerWithPlan, type PlannedLearner, readSse } from './helpers/lessons.ts';
import { settledSource, upload } from './helpers/sources.ts';

type Headers = Record<string, string>;

const HANDBOOK = `# Tidepool Handbook

## Anemones

Sea anemones sting small fish with their tentacles and digest them in a central cavity. They stay attached to rocks for most of their lives.

## Starfish

A starfish can regrow a lost arm over several months. It opens mussels by pulling their shells apart slowly.
`;

const OCEAN_LESSON = `# Variables

## Overview

A variable is a name bound to a value in Python. Assigning again binds the name to another value.`;

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(() => t?.close());

/** A Markdown file added to the goal, once ready. */
async function addMarkdown(app: TestApp, headers: Headers, goalId: string, name: string, text: string) {
  const res = await upload(app, 'POST', `/goals/${goalId}/sources`, headers, {
    bytes: Buffer.from(text),
    name,
    type: 'text/markdown',
  });
  expect(res.statusCode, res.body).toBe(202);
  const source = await settledSource(app, headers, res.json().id);
  expect(source.state).toBe('ready');
  return source;
}

/** A Pro learner (no daily limit) with a plan whose first lesson has `content`, and the goal's material. */
async function learnerWithMaterial(
  app: TestApp,
  material: string | null,
): Promise<PlannedLearner & { lessonId: string }> {
  const l = await learnerWithPlan(app.app, { pro: true });
  const lessonId = l.lessonIds[0]!;
  await app.database.db.update(lessons).set({ content: OCEAN_LESSON }).where(eq(lessons.id, lessonId));
  if (material) await addMarkdown(app, l.headers, l.goalId, 'tidepools.md', material);
  return { ...l, lessonId };
}

const ask = (app: TestApp, l: { headers: Headers }, message: string, lessonId: string) =>
  app.api('POST', '/chat', l.headers, { message, lessonId });

describe('the tutor on a goal with sources, offline', () => {
  it('answers a question its material answers by quoting the passage with [1], and cites it', async () => {
    const l = await learnerWithMaterial(t, HANDBOOK);
    const res = await ask(t, l, 'How do anemones catch fish?', l.lessonId);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ response: string; source: string; citations: ChatCitation[] }>();
    expect(answer.source).toBe('offline');
    expect(answer.response).toMatch(/^From your material:\n\n> /);
    expect(answer.response).toContain('Sea anemones sting small fish with their tentacles');
    expect(answer.response).toContain('[1]');
    expect(answer.response).toContain('— Tidepool Handbook / Anemones');
    expect(answer.citations).toHaveLength(1);
    const [cited] = answer.citations;
    expect(ChatCitationSchema.parse(cited)).toMatchObject({
      n: 1,
      kind: 'passage',
      title: 'Tidepool Handbook',
      page: null,
      headingPath: ['Tidepool Handbook', 'Anemones'],
    });
    // the id is the passage's: the viewer opens it
    const passage = await t.api('GET', `/passages/${cited!.id}`, l.headers);
    expect(passage.statusCode, passage.body).toBe(200);
    expect(passage.json().text).toContain('Sea anemones sting');

    // the history returns the citations with the answer
    const history = (await t.api('GET', `/chat/history?lessonId=${l.lessonId}`, l.headers)).json();
    expect(history.messages.map((m: { role: string; citations: unknown }) => [m.role, m.citations])).toEqual([
      ['user', []],
      ['assistant', answer.citations],
    ]);
  });

  it('says exactly NOT_IN_MATERIAL, citing nothing, when the material does not answer', async () => {
    const l = await learnerWithMaterial(t, HANDBOOK);
    const res = await ask(t, l, 'What is the boiling point of mercury?', l.lessonId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ response: NOT_IN_MATERIAL, source: 'offline', citations: [] });
    // one word in common (fish) is not an answer
    const loose = await ask(t, l, 'Which fish hide in coral reefs?', l.lessonId);
    expect(loose.json()).toMatchObject({ response: NOT_IN_MATERIAL, citations: [] });
  });

  it("finds and cites the learner's own note, and the lesson's paragraph", async () => {
    const l = await learnerWithMaterial(t, HANDBOOK);
    const note = await t.api('POST', '/notes', l.headers, {
      title: 'Octopus camouflage',
      content: 'An octopus changes colour in a blink with chromatophores in its skin.',
    });
    expect(note.statusCode, note.body).toBe(201);
    const res = await ask(t, l, 'How does an octopus change colour?', l.lessonId);
    const answer = res.json<{ response: string; citations: ChatCitation[] }>();
    expect(answer.response).toContain(
      'An octopus changes colour in a blink with chromatophores in its skin. [1]',
    );
    expect(answer.response).toContain('— your note “Octopus camouflage”');
    expect(answer.citations).toEqual([
      { n: 1, kind: 'note', id: note.json().id, title: 'Octopus camouflage', page: null, headingPath: [] },
    ]);

    const fromLesson = await ask(t, l, 'What does assigning a variable again do?', l.lessonId);
    const lessonAnswer = fromLesson.json<{ response: string; citations: ChatCitation[] }>();
    expect(lessonAnswer.response).toContain('Assigning again binds the name to another value. [1]');
    expect(lessonAnswer.citations[0]).toEqual({
      n: 1,
      kind: 'lesson',
      id: l.lessonId,
      title: expect.any(String),
      page: null,
      headingPath: ['Overview'],
    });
  });

  it('streams the answer and ends with a done event carrying its citations, as stored', async () => {
    const l = await learnerWithMaterial(t, HANDBOOK);
    const { status, events } = await readSse(`${base}/api/chat/stream`, l.headers, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'How does a starfish open mussels?', lessonId: l.lessonId }),
    });
    expect(status).toBe(200);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: 'done', source: 'offline' });
    expect(done.response).toContain('pulling their shells apart slowly');
    expect(applyDeltas(events)).toBe(done.response);
    const citations = done.citations as ChatCitation[];
    expect(citations).toEqual([
      expect.objectContaining({ n: 1, kind: 'passage', headingPath: ['Tidepool Handbook', 'Starfish'] }),
    ]);
    const history = (await t.api('GET', `/chat/history?lessonId=${l.lessonId}`, l.headers)).json();
    expect(history.messages.at(-1)).toMatchObject({ content: done.response, citations });
  });

  it("never answers from another learner's material", async () => {
    const owner = await learnerWithMaterial(t, HANDBOOK);
    await t.api('POST', '/notes', owner.headers, {
      title: 'Octopus camouflage',
      content: 'An octopus changes colour in a blink with chromatophores in its skin.',
    });
    const other = await learnerWithMaterial(
      t,
      '# Knots\n\nA bowline makes a fixed loop at the end of a rope.\n',
    );
    for (const question of ['How do anemones catch fish?', 'How does an octopus change colour?']) {
      const res = await ask(t, other, question, other.lessonId);
      expect(res.json()).toEqual({ response: NOT_IN_MATERIAL, source: 'offline', citations: [] });
    }
    // a goal without sources answers as before, citing nothing
    const plain = await learnerWithMaterial(t, null);
    const res = await ask(t, plain, 'How do anemones catch fish?', plain.lessonId);
    expect(res.json().citations).toEqual([]);
    expect(res.json().response).not.toContain('anemones sting');
    expect(res.json().response).not.toBe(NOT_IN_MATERIAL);
  });
});

describe('the tutor on a goal with sources, with a model', () => {
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
  }, 120_000);
  afterAll(async () => {
    await p?.close();
    await server?.close();
  });

  /** The number the request gave the excerpt holding `text`. */
  const numberOf = (system: string, text: string) => {
    const block = system.split(/\n\n(?=\[\d+\] )/).find((b) => b.includes(text));
    return Number(/^\[(\d+)\] /.exec(block ?? '')?.[1]);
  };

  it('sends the numbered excerpts with the rule to cite, and stores the citations the answer cites', async () => {
    const { data } = await createAi(createOfflineProvider()).generateRoadmap({
      goal: 'Learn Python',
      level: 'Beginner',
      topics: [],
    });
    const { source: _s, ...roadmap } = data;
    let answerText = '';
    server.reset();
    server.setFallback((req) => {
      if (req.body?.response_format?.json_schema?.name === 'roadmap')
        return { content: JSON.stringify(roadmap) };
      const system = (req.body.messages as { role: string; content: string }[])
        .filter((m) => m.role === 'system')
        .map((m) => m.content)
        .join('\n\n');
      const n = numberOf(system, 'Sea anemones sting');
      answerText = `They sting fish with their tentacles [${n}], then digest them [${n}, 9].`;
      return { content: answerText };
    });
    const l = await learnerWithMaterial(p, HANDBOOK);
    const res = await ask(p, l, 'How do anemones catch fish?', l.lessonId);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ response: string; source: string; citations: ChatCitation[] }>();
    expect(answer).toMatchObject({ response: answerText, source: 'model' });

    const sent = server.requests.at(-1)!.body.messages as { role: string; content: string }[];
    const system = sent.filter((m) => m.role === 'system').map((m) => m.content);
    const excerpts = system.find((c) => c.startsWith(EXCERPTS_HEADER))!;
    expect(excerpts).toMatch(/^\[1\] /m);
    expect(excerpts).toContain('Tidepool Handbook / Anemones\n"""\nSea anemones sting');
    expect(system).toContain(CITE_RULE);
    expect(CITE_RULE).toContain(NOT_IN_MATERIAL);
    // the learner's question stays the last message, apart from the material
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'How do anemones catch fish?' });

    // only the cited number is stored (9 was never given), as the number the model was given
    const n = numberOf(excerpts, 'Sea anemones sting');
    expect(answer.citations).toEqual([
      expect.objectContaining({
        n,
        kind: 'passage',
        title: 'Tidepool Handbook',
        headingPath: ['Tidepool Handbook', 'Anemones'],
      }),
    ]);
    const history = (await p.api('GET', `/chat/history?lessonId=${l.lessonId}`, l.headers)).json();
    expect(history.messages.at(-1).citations).toEqual(answer.citations);

    // the streamed path stores and sends the same
    const { events } = await readSse(`${pBase}/api/chat/stream`, l.headers, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'How do anemones catch fish?', lessonId: l.lessonId }),
    });
    expect(events.at(-1)).toMatchObject({ type: 'done', response: answerText, citations: answer.citations });
  });

  it('gives no excerpts and stores no citations for a chat not about a lesson, sources or not', async () => {
    server.reset();
    server.setFallback({ content: 'Open a lesson and ask there [1].' });
    const l = await registerLearner(p.app);
    const goal = await p.api('POST', '/goals', l.headers, { description: 'Beginner: Learn marine biology' });
    expect(goal.statusCode, goal.body).toBe(201);
    await addMarkdown(p, l.headers, goal.json().id, 'tidepools.md', HANDBOOK);
    const res = await p.api('POST', '/chat', l.headers, { message: 'How do anemones catch fish?' });
    expect(res.json()).toEqual({
      response: 'Open a lesson and ask there [1].',
      source: 'model',
      citations: [],
    });
    const sent = JSON.stringify(server.requests.at(-1)!.body.messages);
    expect(sent).not.toContain(EXCERPTS_HEADER);
    expect(sent).not.toContain('Sea anemones sting');
  });
});
