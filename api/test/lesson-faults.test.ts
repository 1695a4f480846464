// Lesson content jobs against a real OpenAI-protocol server: the model's streamed Markdown reaches a reader
// over SSE as it is written, its links are stored as suggestions, and every fault ends in stored content or a
// failure recorded with the reason the UI shows (costing no quota), never a job left running. Budgets are
// shortened so hangs and retries take milliseconds.
import { LESSON_SECTIONS } from '@mindpath/contracts/ai';
import {
  OFFLINE_RUBRIC,
  ResourceLinksSchema,
  RUBRIC_FALLBACK_NOTE,
  VideoUrlsSchema,
} from '@mindpath/contracts/lessons';
import {
  type OpenAiTestServer,
  type RecordedRequest,
  type Step,
  startOpenAiServer,
} from '@mindpath/fake-openai';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAiFromConfig } from '../src/ai/index.ts';
import { createOfflineProvider } from '../src/ai/offline/provider.ts';
import { createAi } from '../src/ai/service.ts';
import { loadConfig } from '../src/config.ts';
import { generationJobs, usageEvents } from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import {
  applyDeltas,
  learnerWithPlan,
  type PlannedLearner,
  readSse,
  readSseUntil,
} from './helpers/lessons.ts';

let server: OpenAiTestServer;
let t: TestApp;
let base: string;
let roadmap: string;

const MARKDOWN = [
  '# Variables in Python',
  '',
  'Overview:',
  '',
  'A variable is a name bound to a value. This lesson shows how Python binds names and why that matters.',
  '',
  '**Key Concepts**',
  '',
  '- Names refer to objects; assignment binds a name.',
  '- Objects have types; names do not.',
  '',
  '{{image: names pointing at objects in memory}}',
  '',
  '$$x_{n+1} = x_n + 1$$',
  '',
  '### Example',
  '',
  '```python',
  'count = 1',
  'count = count + 1',
  '```',
  '',
  '## Practice',
  '',
  '1. Bind two names to one list and change it through one of them.',
  '',
  'Summary',
  '',
  'Names are labels, values are objects.',
].join('\n');

const RESOURCES = JSON.stringify({
  videos: [{ title: 'Python variables', url: 'https://www.youtube.com/watch?v=abc' }],
  articles: [{ title: 'Python tutorial', url: 'https://docs.python.org/3/tutorial/' }],
  books: [{ title: 'Fluent Python', author: 'Luciano Ramalho' }],
});

/** What the server answers a lesson's two calls with; the roadmap call always gets a valid roadmap. */
let onStream: Step = { content: MARKDOWN };
let onResources: Step = { content: RESOURCES };
let onQuiz: Step = { status: 500, error: 'no quiz scripted' };
let onGrade: Step = { status: 500, error: 'no grades scripted' };

const schemaName = (req: RecordedRequest) =>
  (req.body as { response_format?: { json_schema?: { name?: string } } })?.response_format?.json_schema?.name;

beforeAll(async () => {
  server = await startOpenAiServer();
  const { data } = await createAi(createOfflineProvider()).generateRoadmap({
    goal: 'Learn Python',
    level: 'Beginner',
    topics: [],
  });
  const { source: _source, ...generated } = data;
  roadmap = JSON.stringify(generated);
  server.setFallback((req) => {
    if ((req.body as { stream?: boolean })?.stream) return onStream;
    if (schemaName(req) === 'lesson-resources') return onResources;
    if (schemaName(req) === 'roadmap') return { content: roadmap };
    if (schemaName(req) === 'lesson-quiz') return onQuiz;
    if (schemaName(req) === 'grade-open-answers') return onGrade;
    return { status: 400, error: `unexpected request ${schemaName(req)}` };
  });
  const env = { AI_BASE_URL: server.url, AI_API_KEY: 'k' };
  const ai = createAiFromConfig(loadConfig(env), {
    timeouts: { content: 1_500 },
    retry: { maxRetries: 2, baseDelayMs: 5, maxDelayMs: 20, maxRetryAfterMs: 1_000 },
    random: () => 0.5,
  });
  t = await createTestApp(env, { ai });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  await server.close();
});

async function runLesson(l: PlannedLearner, lessonId: string, streamStep: Step, resourcesStep?: Step) {
  onStream = streamStep;
  onResources = resourcesStep ?? { content: RESOURCES };
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/lessons/${lessonId}/generate-content`,
    headers: l.headers,
  });
  expect(started.statusCode, started.body).toBe(202);
  const stream = await readSse(`${base}/api/lessons/${lessonId}/content-stream`, l.headers);
  const status = (
    await t.app.inject({ url: `/api/lessons/${lessonId}/content-status?waitMs=20000`, headers: l.headers })
  ).json();
  expect(status.isGenerating).toBe(false);
  const lesson = (await t.app.inject({ url: `/api/lessons/${lessonId}`, headers: l.headers })).json();
  const live = await t.database.db
    .select()
    .from(generationJobs)
    .where(and(eq(generationJobs.target, lessonId), inArray(generationJobs.status, ['queued', 'running'])));
  expect(live).toEqual([]);
  return { job: status.job, lesson, events: stream.events };
}

describe('lesson content on a provider', () => {
  it("streams the model's Markdown as it is written and stores it with its links marked as suggestions", async () => {
    const l = await learnerWithPlan(t.app);
    const { job, lesson, events } = await runLesson(l, l.lessonIds[0]!, {
      content: MARKDOWN,
      chunks: MARKDOWN.match(/[\s\S]{1,30}/g)!,
      chunkDelayMs: 60,
    });
    expect(job).toMatchObject({ status: 'succeeded', result: { source: 'model', resources: 'model' } });
    expect(lesson.contentSource).toBe('model');
    // special section names became level-2 headings (spec 2 §5), the rest as written
    for (const s of LESSON_SECTIONS) expect(lesson.content).toContain(`\n## ${s}\n`);
    expect(lesson.content).toContain('```python\ncount = 1');
    expect(lesson.content).toContain('{{image: names pointing at objects in memory}}');
    const videos = VideoUrlsSchema.parse(JSON.parse(lesson.videoUrls));
    const links = ResourceLinksSchema.parse(JSON.parse(lesson.resourceLinks));
    expect(videos).toEqual([
      { title: 'Python variables', url: 'https://www.youtube.com/watch?v=abc', kind: 'suggestion' },
    ]);
    expect(links.articles[0]).toMatchObject({ kind: 'suggestion' });
    expect(links.books).toEqual([{ title: 'Fluent Python', author: 'Luciano Ramalho', kind: 'suggestion' }]);

    // the first piece arrived while the rest was still being written (how many pieces depends on the load)
    const deltas = events.filter((e) => e.type === 'delta');
    expect(deltas.length).toBeGreaterThanOrEqual(2);
    expect((deltas[0]!.text as string).length).toBeLessThan(MARKDOWN.length / 2);
    expect(applyDeltas(events)).toBe(lesson.content);
    expect(events.at(-1)).toMatchObject({ type: 'done', lesson: { id: lesson.id, contentSource: 'model' } });

    const stream = server.requests.find((r) => (r.body as { stream?: boolean }).stream);
    expect(stream?.headers.authorization).toBe('Bearer k');
    const uses = await t.database.db.select().from(usageEvents).where(eq(usageEvents.userId, l.id));
    expect(uses.filter((u) => u.kind === 'lesson_generation')).toHaveLength(1);
  });

  it('records a failing provider with its reason; the failure costs no quota and may be retried at once', async () => {
    const l = await learnerWithPlan(t.app);
    const id = l.lessonIds[0]!;
    const { job, lesson, events } = await runLesson(l, id, { status: 500, error: 'boom' });
    expect(job).toMatchObject({
      status: 'failed',
      error: {
        reason: 'unavailable',
        message: 'The AI provider is unavailable right now. Please try again later.',
      },
    });
    expect(lesson.content).toBeNull();
    expect(events.at(-1)).toMatchObject({ type: 'error', reason: 'unavailable' });
    const uses = await t.database.db.select().from(usageEvents).where(eq(usageEvents.userId, l.id));
    expect(uses.filter((u) => u.kind === 'lesson_generation')).toEqual([]);
    // the free learner's one lesson a day is still there
    const again = await runLesson(l, id, { content: MARKDOWN });
    expect(again.job.status).toBe('succeeded');
  });

  const faults: [string, Step, string][] = [
    [
      'a stream cut off midway',
      { content: MARKDOWN, chunks: MARKDOWN.match(/[\s\S]{1,40}/g)!, dropAfterChunks: 5 },
      'network',
    ],
    ['a stream that stops sending', { content: MARKDOWN, hangAfterChunks: 3 }, 'timeout'],
    ['a lesson too short to be one', { content: 'Variables are names.' }, 'invalid_output'],
    ['401 on the key', { status: 401, error: 'bad key' }, 'auth'],
  ];
  it.each(faults)('%s ends in a recorded failure', async (_, step, reason) => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const { job, lesson, events } = await runLesson(l, l.lessonIds[0]!, step);
    expect(job.status).toBe('failed');
    expect(job.error.reason).toBe(reason);
    if (reason === 'timeout') expect(job.error.message).toBe('Content generation timeout');
    expect(lesson.content).toBeNull();
    expect(events.at(-1)).toMatchObject({ type: 'error', reason, message: job.error.message });
  });

  it('a cut-off stream shows the text written so far before its error', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const chunks = MARKDOWN.match(/[\s\S]{1,40}/g)!;
    const { events } = await runLesson(l, l.lessonIds[0]!, {
      content: MARKDOWN,
      chunks,
      chunkDelayMs: 60,
      dropAfterChunks: 8,
    });
    expect(applyDeltas(events).length).toBeGreaterThan(0);
    expect(MARKDOWN.startsWith(applyDeltas(events))).toBe(true);
    expect(events.at(-1)?.type).toBe('error');
  });

  it('a model that pauses mid-lesson: what it sent before the pause reaches the reader during the pause', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const lessonId = l.lessonIds[0]!;
    // six pieces at once (within one progress interval), then nothing until the reader has seen them all
    const chunks = MARKDOWN.match(/[\s\S]{1,30}/g)!;
    const before = chunks.slice(0, 6).join('');
    let resume = () => {};
    const until = new Promise<void>((resolve) => {
      resume = resolve;
    });
    onStream = { content: MARKDOWN, chunks, holdAfterChunks: { chunks: 6, until } };
    const started = await t.app.inject({
      method: 'POST',
      url: `/api/lessons/${lessonId}/generate-content`,
      headers: l.headers,
    });
    expect(started.statusCode, started.body).toBe(202);
    let seenDuringPause = false;
    const { events } = await readSseUntil(
      `${base}/api/lessons/${lessonId}/content-stream`,
      l.headers,
      {},
      (e) => {
        if (!seenDuringPause && applyDeltas(e) === before) {
          seenDuringPause = true;
          resume();
        }
        return false;
      },
    );
    resume(); // never left holding the protocol server
    expect(seenDuringPause).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'done' });
  });

  it('keeps the lesson when only the links call fails: search links stand in', async () => {
    const l = await learnerWithPlan(t.app, { pro: true });
    const { job, lesson } = await runLesson(
      l,
      l.lessonIds[0]!,
      { content: `\`\`\`markdown\n${MARKDOWN}\n\`\`\`` },
      { status: 500, error: 'down' },
    );
    expect(job).toMatchObject({ status: 'succeeded', result: { resources: 'search-fallback' } });
    // the model's fence around the whole lesson is unwrapped
    expect(lesson.content.startsWith('# Variables in Python')).toBe(true);
    const videos = VideoUrlsSchema.parse(JSON.parse(lesson.videoUrls));
    expect(videos.every((v) => v.kind === 'search')).toBe(true);
  });
});

const QUIZ = {
  questions: [
    ...[1, 2, 3, 4].map((n) => ({
      question: `Question ${n}?`,
      options: ['right', 'wrong', 'also wrong', 'no'],
      correctAnswer: 'right',
    })),
    { question: 'Explain names and objects.', options: [], correctAnswer: 'Names are bound to objects.' },
  ],
};

describe('lesson assessments on a provider', () => {
  async function assessed(quiz: Step) {
    const l = await learnerWithPlan(t.app, { pro: true });
    const id = l.lessonIds[0]!;
    const { job } = await runLesson(l, id, { content: MARKDOWN });
    expect(job.status).toBe('succeeded');
    onQuiz = quiz;
    await t.app.inject({ method: 'POST', url: `/api/lessons/${id}/assessment/generate`, headers: l.headers });
    const status = (
      await t.app.inject({ url: `/api/lessons/${id}/assessment/status?waitMs=20000`, headers: l.headers })
    ).json();
    return { l, id, status };
  }

  const submit = (l: PlannedLearner, assessmentId: string, open: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/lessons/assessments/${assessmentId}/submit`,
      headers: l.headers,
      payload: {
        answers: JSON.stringify([
          ...[0, 1, 2, 3].map((i) => ({ questionIndex: i, selectedAnswer: i < 3 ? 'right' : 'no' })),
          { questionIndex: 4, selectedAnswer: open },
        ]),
        score: 0,
      },
    });

  it("stores the model's questions and grades the open answer by the model against the expected answer", async () => {
    const { l, id, status } = await assessed({ content: JSON.stringify(QUIZ) });
    expect(status.job).toMatchObject({ status: 'succeeded', result: { source: 'model', questions: 5 } });
    const assessment = (
      await t.app.inject({ url: `/api/lessons/${id}/assessment`, headers: l.headers })
    ).json();
    expect(assessment.source).toBe('model');

    onGrade = { content: JSON.stringify({ grades: [{ index: 0, score: 90, feedback: 'Well explained.' }] }) };
    const res = await submit(l, assessment.id, 'A name refers to an object; assignment binds it.');
    expect(res.statusCode, res.body).toBe(200);
    const { submission } = res.json();
    expect(submission.results[4]).toMatchObject({
      method: 'model',
      credit: 0.9,
      feedback: 'Well explained.',
    });
    expect(submission.rubric).toBeNull();
    // 3 of 4 choices and 0.9: round(3.9 / 5 × 100)
    expect(submission.score).toBe(78);
    const grading = server.requests.filter((r) => schemaName(r) === 'grade-open-answers').at(-1)!;
    const prompt = JSON.stringify(grading.body.messages);
    expect(prompt).toContain('Names are bound to objects.');
    expect(prompt).toContain('A name refers to an object; assignment binds it.');

    // the grader down: the offline rubric grades, and the result says so
    onGrade = { status: 500, error: 'down' };
    const fallback = (await submit(l, assessment.id, 'Names are bound to objects by assignment.')).json();
    expect(fallback.submission.results[4].method).toBe('rubric');
    expect(fallback.submission.rubric).toBe(`${RUBRIC_FALLBACK_NOTE} ${OFFLINE_RUBRIC}`);
  });

  it('records questions that never validate as a failed job', async () => {
    const bad = { ...QUIZ, questions: QUIZ.questions.map((q) => ({ ...q, correctAnswer: 'missing' })) };
    const { status } = await assessed({ content: JSON.stringify(bad) });
    expect(status).toMatchObject({ isGenerating: false, hasAssessment: false });
    expect(status.job).toMatchObject({ status: 'failed', error: { reason: 'invalid_output' } });
  });
});
