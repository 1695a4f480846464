// Exercises through the API: a curated lesson's practice from its kit (with its tables), none for a lesson
// without runnable code, owner scoping, attempts and what they count (the plan's exercises done and its
// entity tag, home's practice days, a "Solve again" review card for one failed or solved with the solution),
// and a model's exercises against a real OpenAI-protocol server: written once, one whose solution failed in
// the browser hidden and written again once, then left hidden.
import { type Exercise, type LessonPractice, LessonPracticeSchema } from '@mindpath/contracts/exercises';
import { type OpenAiTestServer, type RecordedRequest, startOpenAiServer } from '@mindpath/fake-openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiFromConfig } from '../src/ai/index.ts';
import { createOfflineProvider } from '../src/ai/offline/provider.ts';
import { createAi } from '../src/ai/service.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { learnerWithPlan, type PlannedLearner } from './helpers/lessons.ts';

type Headers = Record<string, string>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const practiceOf = async (app: TestApp, headers: Headers, lessonId: string) => {
  const res = await app.api('GET', `/lessons/${lessonId}/practice`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return LessonPracticeSchema.parse(res.json());
};

const attempt = (headers: Headers, id: string, body: Partial<Record<string, unknown>> = {}, app = t) =>
  app.api('POST', `/exercises/${id}/attempts`, headers, {
    passed: false,
    testsPassed: 0,
    testsTotal: 1,
    hintsUsed: 0,
    usedSolution: false,
    ms: 12_000,
    ...body,
  });

async function generateContent(app: TestApp, headers: Headers, lessonId: string) {
  const started = await app.api('POST', `/lessons/${lessonId}/generate-content`, headers);
  expect(started.statusCode, started.body).toBeLessThan(300);
  const status = await app.api('GET', `/lessons/${lessonId}/content-status?waitMs=20000`, headers);
  expect(status.json().job?.status ?? 'succeeded').toBe('succeeded');
}

/** The curated lessons of a plan whose kits have exercises, with their practice. */
async function curatedLessons(l: PlannedLearner) {
  const out: { lessonId: string; practice: LessonPractice }[] = [];
  for (const lessonId of l.lessonIds) {
    const practice = await practiceOf(t, l.headers, lessonId);
    if (practice.exercises.length > 0) out.push({ lessonId, practice });
    if (out.length === 5) break;
  }
  return out;
}

const planOf = async (l: PlannedLearner, etag?: string) =>
  t.api('GET', `/learningplan/optimized-data/${l.goalId}`, {
    ...l.headers,
    ...(etag ? { 'if-none-match': etag } : {}),
  });

const planLesson = (body: { lessonsForRoadmaps: Record<string, { id: string }[]> }, id: string) =>
  Object.values(body.lessonsForRoadmaps)
    .flat()
    .find((x) => x.id === id) as unknown as { exercisesTotal: number; exercisesDone: number };

const exerciseCards = async (headers: Headers) =>
  (
    (await t.api('GET', '/reviews/queue?timeZone=UTC', headers)).json().cards as {
      sourceKind: string;
      exerciseId: string | null;
      lessonId: string | null;
      prompt: string;
      answer: string;
    }[]
  ).filter((c) => c.sourceKind === 'exercise');

describe("a curated lesson's practice", () => {
  let sql: PlannedLearner;
  let lessons: Awaited<ReturnType<typeof curatedLessons>>;
  beforeAll(async () => {
    sql = await learnerWithPlan(t.app, { goal: 'Beginner: Learn SQL' });
    lessons = await curatedLessons(sql);
  });

  it("is the kit's exercises, verified, with the lesson's tables, the same on every read", async () => {
    expect(lessons.length).toBeGreaterThan(1);
    const { lessonId, practice } = lessons[0]!;
    expect(practice.isGenerating).toBe(false);
    // a lesson whose example reads tables it does not create has them made by its setup
    expect(lessons.find((x) => x.practice.setup !== null)?.practice.setup).toMatch(/create table/i);
    for (const [i, e] of practice.exercises.entries()) {
      expect(e).toMatchObject({
        lessonId,
        position: i,
        source: 'curated',
        status: 'verified',
        language: 'sql',
      });
      expect(e.tests.kind).toBe('result');
      expect(e.result).toEqual({ attempts: 0, solved: false, bestTestsPassed: null, usedSolution: false });
    }
    expect(await practiceOf(t, sql.headers, lessonId)).toEqual(practice);
  });

  it("is another learner's 404, and so are its exercises", async () => {
    const other = await registerLearner(t.app);
    const { lessonId, practice } = lessons[0]!;
    const id = practice.exercises[0]!.id;
    expect((await t.api('GET', `/lessons/${lessonId}/practice`, other.headers)).statusCode).toBe(404);
    expect((await attempt(other.headers, id)).statusCode).toBe(404);
    const unverified = await t.api('POST', `/exercises/${id}/unverified`, other.headers, { message: 'x' });
    expect(unverified.statusCode).toBe(404);
    expect((await practiceOf(t, sql.headers, lessonId)).exercises[0]!.result.attempts).toBe(0);
  });

  it('refuses an attempt whose counts disagree', async () => {
    const id = lessons[0]!.practice.exercises[0]!.id;
    expect((await attempt(sql.headers, id, { passed: true, testsPassed: 0 })).statusCode).toBe(400);
    expect((await attempt(sql.headers, id, { testsPassed: 2, testsTotal: 1 })).statusCode).toBe(400);
    expect((await attempt(sql.headers, id, { hintsUsed: 3 })).statusCode).toBe(400);
  });

  it('records attempts: the plan counts the exercises done under a new tag, home a practice day', async () => {
    const l = await learnerWithPlan(t.app, { goal: 'Beginner: Learn SQL' });
    const [first] = await curatedLessons(l);
    const { lessonId, practice } = first!;
    const before = await planOf(l);
    const etag = before.headers.etag as string;
    expect(planLesson(before.json(), lessonId)).toEqual({
      ...planLesson(before.json(), lessonId),
      exercisesTotal: practice.exercises.length,
      exercisesDone: 0,
    });
    expect((await planOf(l, etag)).statusCode).toBe(304);

    const id = practice.exercises[0]!.id;
    const failed = await attempt(l.headers, id, { testsPassed: 0, testsTotal: 1 });
    expect(failed.statusCode, failed.body).toBe(200);
    expect((failed.json() as Exercise).result).toEqual({
      attempts: 1,
      solved: false,
      bestTestsPassed: 0,
      usedSolution: false,
    });
    const solved = await attempt(l.headers, id, { passed: true, testsPassed: 1, hintsUsed: 1 });
    expect((solved.json() as Exercise).result).toEqual({
      attempts: 2,
      solved: true,
      bestTestsPassed: 1,
      usedSolution: false,
    });

    const after = await planOf(l, etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(planLesson(after.json(), lessonId)).toMatchObject({
      exercisesTotal: practice.exercises.length,
      exercisesDone: 1,
    });
    // the section's own read agrees with the plan body
    const section = Object.entries(after.json().lessonsForRoadmaps as Record<string, { id: string }[]>).find(
      ([, list]) => list.some((x) => x.id === lessonId),
    )![0];
    const items = (await t.api('GET', `/roadmaps/${section}/items`, l.headers)).json() as { id: string }[];
    expect(items.find((x) => x.id === lessonId)).toEqual(planLesson(after.json(), lessonId));

    const activity = (await t.api('GET', '/activity?timeZone=UTC', l.headers)).json();
    const today = activity.days.find((d: { date: string }) => d.date === activity.today);
    expect(today.exerciseAttempts).toBe(2);
    expect(activity.currentStreak).toBe(1);
  });

  it('makes a Solve again card of an exercise failed, and of one solved with the solution, once each', async () => {
    const l = await learnerWithPlan(t.app, { goal: 'Beginner: Learn SQL' });
    const all = (await curatedLessons(l)).flatMap((x) => x.practice.exercises);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const [missed, withSolution, clean] = all as [Exercise, Exercise, Exercise];
    expect(await exerciseCards(l.headers)).toEqual([]);

    await attempt(l.headers, clean.id, { passed: true, testsPassed: 1, hintsUsed: 2 });
    expect(await exerciseCards(l.headers)).toEqual([]);

    await attempt(l.headers, missed.id, { testsPassed: 0 });
    await attempt(l.headers, missed.id, { testsPassed: 0 });
    await attempt(l.headers, withSolution.id, {
      passed: true,
      testsPassed: 1,
      hintsUsed: 2,
      usedSolution: true,
    });
    const cards = await exerciseCards(l.headers);
    expect(cards.map((c) => c.exerciseId).sort()).toEqual([missed.id, withSolution.id].sort());
    const card = cards.find((c) => c.exerciseId === missed.id)!;
    expect(card.lessonId).toBe(missed.lessonId);
    expect(card.prompt).toContain(missed.title);
    expect(card.prompt).toContain(missed.task);
    expect(card.answer).toBe(`\`\`\`sql\n${missed.solution}\n\`\`\``);
  });

  it("go with a removed lesson and come back with its Undo, the learner's results and card with them", async () => {
    const l = await learnerWithPlan(t.app, { goal: 'Beginner: Learn SQL' });
    const [first] = await curatedLessons(l);
    const { lessonId, practice } = first!;
    const id = practice.exercises[0]!.id;
    await attempt(l.headers, id, { testsPassed: 0 });
    const before = await practiceOf(t, l.headers, lessonId);
    expect(before.exercises[0]!.result.attempts).toBe(1);
    const removed = await t.api('DELETE', `/roadmaps/items/${lessonId}?version=0`, l.headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.api('GET', `/lessons/${lessonId}/practice`, l.headers)).statusCode).toBe(404);
    expect((await attempt(l.headers, id)).statusCode).toBe(404);
    const undo = await t.api('POST', `/roadmaps/goal/${l.goalId}/edits/undo`, l.headers, {
      version: removed.json().version,
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await practiceOf(t, l.headers, lessonId)).toEqual(before);
    expect((await exerciseCards(l.headers)).map((c) => [c.exerciseId, c.lessonId])).toEqual([[id, lessonId]]);
  });

  it('leaves a kit exercise shown when the browser reports its solution failing', async () => {
    const { lessonId, practice } = lessons[1]!;
    const id = practice.exercises[0]!.id;
    const res = await t.api('POST', `/exercises/${id}/unverified`, sql.headers, { message: 'runtime broke' });
    expect(res.statusCode, res.body).toBe(200);
    expect(LessonPracticeSchema.parse(res.json()).exercises.map((e) => e.id)).toEqual(
      (await practiceOf(t, sql.headers, lessonId)).exercises.map((e) => e.id),
    );
    expect(res.json().exercises.map((e: Exercise) => e.id)).toContain(id);
  });
});

describe('a lesson without runnable code', () => {
  it('has no practice, before and after its content is written', async () => {
    const l = await learnerWithPlan(t.app, { goal: 'Beginner: Learn watercolour painting' });
    const lessonId = l.lessonIds[0]!;
    expect(await practiceOf(t, l.headers, lessonId)).toEqual({
      setup: null,
      exercises: [],
      isGenerating: false,
    });
    await generateContent(t, l.headers, lessonId);
    expect(await practiceOf(t, l.headers, lessonId)).toEqual({
      setup: null,
      exercises: [],
      isGenerating: false,
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// A model's exercises

const MARKDOWN = [
  '# Renaming files in bulk',
  '',
  'Overview:',
  '',
  'A script can rename many files at once. This lesson builds the new names with string methods.',
  '',
  '**Key Concepts**',
  '',
  '- A name is split into its stem and its extension.',
  '- New names are built from a pattern.',
  '',
  '### Example',
  '',
  '```python',
  'def new_name(stem, n):',
  '    return f"{stem}-{n:03}.txt"',
  'print(new_name("report", 7))',
  '```',
  '',
  'Summary',
  '',
  'Names are built, not typed.',
].join('\n');

const RESOURCES = JSON.stringify({ videos: [], articles: [], books: [] });

const exercise = (title: string, fn: string) => ({
  title,
  task: `Write \`${fn}(stem, n)\` that answers the new name.`,
  language: 'python',
  starterCode: `def ${fn}(stem, n):\n    pass\n`,
  examples: [{ input: `${fn}("a", 1)`, output: "'a-001.txt'" }],
  tests: {
    kind: 'code',
    cases: [{ name: 'pads to three digits', code: `assert ${fn}("a", 1) == "a-001.txt"` }],
  },
  hints: ['Use an f-string.', 'Format n with :03.'],
  solution: `def ${fn}(stem, n):\n    return f"{stem}-{n:03}.txt"\n`,
});

describe("a model's exercises", () => {
  let server: OpenAiTestServer;
  let m: TestApp;
  let written: RecordedRequest[];
  const schemaName = (req: RecordedRequest) =>
    (req.body as { response_format?: { json_schema?: { name?: string } } })?.response_format?.json_schema
      ?.name;
  /** the lesson the model writes */
  let markdown = MARKDOWN;
  /** what the model answers the next exercise requests with, in turn */
  const answers: object[] = [];

  beforeAll(async () => {
    server = await startOpenAiServer();
    const { data } = await createAi(createOfflineProvider()).generateRoadmap({
      goal: 'Automate office chores',
      level: 'Beginner',
      topics: [],
    });
    const { source: _source, ...roadmap } = data;
    written = [];
    server.setFallback((req) => {
      if ((req.body as { stream?: boolean })?.stream) return { content: markdown };
      const name = schemaName(req);
      if (name === 'roadmap') return { content: JSON.stringify(roadmap) };
      if (name === 'lesson-resources') return { content: RESOURCES };
      if (name === 'lesson-exercises') {
        written.push(req);
        const next = answers.shift();
        return next ? { content: JSON.stringify(next) } : { status: 500, error: 'no exercises scripted' };
      }
      return { status: 400, error: `unexpected request ${name}` };
    });
    const env = { AI_BASE_URL: server.url, AI_API_KEY: 'k' };
    const ai = createAiFromConfig(loadConfig(env), {
      retry: { maxRetries: 0, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 1_000 },
      random: () => 0.5,
    });
    m = await createTestApp(env, { ai });
  });
  afterAll(async () => {
    await m?.close();
    await server?.close();
  });

  /** Reads the practice until the model's writing is over. */
  async function settled(headers: Headers, lessonId: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const practice = await practiceOf(m, headers, lessonId);
      if (!practice.isGenerating || Date.now() > deadline) return practice;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('writes them once; one that failed in the browser is written again once, then stays hidden', async () => {
    const l = await learnerWithPlan(m.app, { goal: 'Beginner: Automate office chores' });
    const lessonId = l.lessonIds[0]!;
    // no content yet: nothing to write from
    expect(await practiceOf(m, l.headers, lessonId)).toEqual({
      setup: null,
      exercises: [],
      isGenerating: false,
    });
    expect(written).toHaveLength(0);
    await generateContent(m, l.headers, lessonId);

    answers.push({
      setup: null,
      exercises: [exercise('Pad the number', 'pad'), exercise('Name a copy', 'copy')],
    });
    const first = await practiceOf(m, l.headers, lessonId);
    expect(first.isGenerating).toBe(true);
    const practice = await settled(l.headers, lessonId);
    expect(practice.isGenerating).toBe(false);
    expect(practice.setup).toBeNull();
    expect(practice.exercises.map((e) => [e.title, e.position, e.source, e.status])).toEqual([
      ['Pad the number', 0, 'model', 'unchecked'],
      ['Name a copy', 1, 'model', 'unchecked'],
    ]);
    expect(written).toHaveLength(1);
    expect(JSON.stringify(written[0]!.body.messages)).toContain('Renaming files in bulk');
    // read again: written once
    expect(await practiceOf(m, l.headers, lessonId)).toEqual(practice);
    expect(written).toHaveLength(1);

    // the browser ran the first one's solution and its tests failed: hidden, written again
    answers.push({ setup: null, exercises: [exercise('Pad it again', 'pad2')] });
    const failed = practice.exercises[0]!;
    const reported = await m.api('POST', `/exercises/${failed.id}/unverified`, l.headers, {
      message: 'AssertionError: pads to three digits',
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json().exercises.map((e: Exercise) => e.title)).toEqual(['Name a copy']);
    const rewritten = await settled(l.headers, lessonId);
    expect(rewritten.exercises.map((e) => [e.title, e.position])).toEqual([
      ['Pad it again', 0],
      ['Name a copy', 1],
    ]);
    expect(written).toHaveLength(2);
    const prompt = JSON.stringify(written[1]!.body.messages);
    expect(prompt).toContain('Pad the number');
    expect(prompt).toContain('AssertionError: pads to three digits');
    // an attempt at a hidden exercise names none
    expect((await attempt(l.headers, failed.id, {}, m)).statusCode).toBe(404);
    // the hidden one no longer counts in the plan
    const plan = (await m.api('GET', `/learningplan/optimized-data/${l.goalId}`, l.headers)).json();
    expect(planLesson(plan, lessonId)).toMatchObject({ exercisesTotal: 2, exercisesDone: 0 });

    // the rewrite fails too: its place stays empty, nothing more is written
    const again = rewritten.exercises[0]!;
    const second = await m.api('POST', `/exercises/${again.id}/unverified`, l.headers, { message: 'failed' });
    expect(second.json()).toMatchObject({ isGenerating: false });
    const last = await settled(l.headers, lessonId);
    expect(last.exercises.map((e) => e.title)).toEqual(['Name a copy']);
    expect(written).toHaveLength(2);
  });

  it('writes none for a lesson without runnable code', async () => {
    const l = await learnerWithPlan(m.app, { goal: 'Beginner: Automate office chores' });
    const lessonId = l.lessonIds[0]!;
    const before = written.length;
    markdown = MARKDOWN.replace('```python', '```text');
    try {
      await generateContent(m, l.headers, lessonId);
    } finally {
      markdown = MARKDOWN;
    }
    expect(await practiceOf(m, l.headers, lessonId)).toEqual({
      setup: null,
      exercises: [],
      isGenerating: false,
    });
    expect(written).toHaveLength(before);
  });
});
