import type { RecordedRequest, Step } from '@mindpath/fake-openai';
import { expect, type Page, test } from '@playwright/test';
import { cookieChoiceMade } from '../src/consent.ts';
import { E2E_BASE_URL } from '../src/env.ts';
import { registerLearner, signIn } from '../src/learner.ts';
import { answerQuestions, lessonArticle as article, learnAnswers } from '../src/lessons.ts';
import { apiFor } from '../src/plan.ts';
import {
  jsonAnswers,
  PROVIDER_KEY,
  type ProviderApi,
  schemaName,
  startProviderApi,
} from '../src/provider-api.ts';

// The lesson cases beside lessons.spec.ts (spec 2 §2, §4, §5, §9): a failed assessment leaves the lesson open
// (offline generator, the shared e2e server), and the lesson flow once on an OpenAI-compatible provider (a
// second API process whose AI_BASE_URL is the protocol test server, scripted here).

// generation runs as jobs on a loaded 2-core machine: be generous
const GENERATION_TIMEOUT = 90_000;

/** Waits until the lesson's content is complete (its Summary shown, the article no longer being written). */
async function contentWritten(page: Page) {
  await expect(article(page).getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible({
    timeout: GENERATION_TIMEOUT,
  });
  await expect(article(page)).not.toHaveAttribute('aria-busy', 'true', { timeout: GENERATION_TIMEOUT });
}

test('an assessment scored below 60 leaves the lesson open: Take Assessment stays and the plan still says Start Lesson', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  const goalId = await api.createGoal('Learn the Go programming language');
  const plan = await api.generateRoadmap(goalId);
  const first = plan.lessonsForRoadmaps[plan.roadmaps[0]!.id]![0]!;

  await signIn(page, learner);
  await page.goto(`/lessons/${first.id}`);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await contentWritten(page);

  // every question answered wrongly in the form: another option than the right one, "I don't know" written
  const answers = await learnAnswers(api, first.id);
  await page.getByRole('link', { name: 'Take Assessment' }).click();
  const form = page.getByRole('form', { name: 'Assessment questions' });
  await expect(form).toBeVisible({ timeout: GENERATION_TIMEOUT });
  await answerQuestions(form, answers, { wrong: true });
  await form.getByRole('button', { name: 'Submit Assessment' }).click();

  const results = page.getByRole('region', { name: 'Results' });
  const score = results.getByTestId('score');
  await expect(score).toHaveText(/^\d+%$/, { timeout: GENERATION_TIMEOUT });
  expect(Number.parseInt((await score.textContent()) ?? '', 10)).toBeLessThan(60);
  await expect(results.getByRole('heading', { name: 'Review Needed' })).toBeVisible();
  await expect(
    results.getByText('Review the lesson and try again: you need 60 or more to pass.'),
  ).toBeVisible();
  await expect(results.getByText('Lesson completed.')).toHaveCount(0);
  await expect(results.getByRole('button', { name: 'Try Again' })).toBeVisible();

  // the lesson is still open: Take Assessment is offered, no completion is announced
  await results.getByRole('link', { name: 'Back to Lesson' }).click();
  await expect(page).toHaveURL(`/lessons/${first.id}`);
  await contentWritten(page);
  await expect(page.getByRole('link', { name: 'Take Assessment' })).toBeVisible();
  await expect(page.getByText(/^Lesson completed/)).toHaveCount(0);

  await page.goto(`/learning-plan/${goalId}`);
  await expect(page.getByRole('link', { name: `Start Lesson: ${first.title}` })).toHaveAttribute(
    'href',
    `/lessons/${first.id}`,
  );
  await expect(page.getByRole('link', { name: `View Lesson: ${first.title}` })).toHaveCount(0);
});

// What the model answers. Structured calls are told apart by their JSON schema's name (the prompt's id);
// the two streamed calls (the lesson's Markdown and the tutor's answer) by their system prompt.
const LESSON_TITLES = [
  ['Channels between coroutines', 'Buffered and rendezvous channels', 'Closing and iterating channels'],
  ['Flows as cold streams', 'Flow operators', 'Collecting flows safely'],
  ['Coroutine scopes', 'Cancellation', 'Exception handling'],
  ['Dispatchers', 'Testing coroutines', 'Coroutines in an Android app'],
];
const MODEL_ROADMAP = {
  title: 'Kotlin coroutines in practice',
  summary: 'Communicating coroutines, flows, scopes and the tools around them.',
  sections: ['Channels', 'Flows', 'Structured concurrency', 'Coroutines at work'].map((name, s) => ({
    name,
    description: `The ${name.toLowerCase()} part of the roadmap.`,
    lessons: LESSON_TITLES[s]!.map((title) => ({
      title,
      summary: `${title}, with examples.`,
      estimatedTimeInMinutes: 30,
    })),
  })),
};
const FIRST_LESSON = LESSON_TITLES[0]![0]!;

const MODEL_SENTENCE = 'Channels hand values between coroutines like runners passing a relay baton.';
const MODEL_LESSON = `# ${FIRST_LESSON}

## Overview
A channel is a queue that one coroutine sends into and another receives from. ${MODEL_SENTENCE}

## Key Concepts
- **send** suspends while the channel's buffer is full.
- **receive** suspends until a value arrives.
- Closing a channel tells the receivers that no more values will come.

{{image: a producer coroutine passing numbered boxes through a pipe to a consumer coroutine}}

## Example
\`\`\`kotlin
val channel = Channel<Int>(capacity = 2)
launch { for (x in 1..5) channel.send(x * x); channel.close() }
for (y in channel) println(y)
\`\`\`

## Practice
With a buffer of capacity $$c$$, a producer that is $$n$$ values ahead of its consumer suspends once $$n > c$$.
Write a producer that sends the first ten squares and a consumer that prints their sum.

## Summary
Channels let coroutines communicate by sending values instead of sharing memory.
`;

const MODEL_RESOURCES = {
  videos: [
    { title: 'KotlinConf: coroutines in practice', url: 'https://www.youtube.com/watch?v=a3agLJQ6vt8' },
  ],
  articles: [{ title: 'Kotlin documentation: Channels', url: 'https://kotlinlang.org/docs/channels.html' }],
  books: [{ title: 'Kotlin Coroutines: Deep Dive', author: 'Marcin Moskała' }],
};

const MODEL_QUIZ = {
  questions: [
    {
      question: 'What does send do while the channel buffer is full?',
      options: [
        'It suspends until there is room',
        'It throws an exception',
        'It drops the value',
        'It blocks the thread',
      ],
      correctAnswer: 'It suspends until there is room',
    },
    {
      question: 'How do receivers learn that no more values will come?',
      options: ['The channel is closed', 'They time out', 'The buffer empties', 'The scope is cancelled'],
      correctAnswer: 'The channel is closed',
    },
    {
      question: 'Which loop receives every value until the channel is closed?',
      options: [
        'for (y in channel)',
        'while (true) channel.poll()',
        'repeat(10) { }',
        'channel.forEachIndexed',
      ],
      correctAnswer: 'for (y in channel)',
    },
    {
      question: 'What do channels replace in communication between coroutines?',
      options: ['Sharing mutable memory', 'Functions', 'Classes', 'Thread pools'],
      correctAnswer: 'Sharing mutable memory',
    },
    {
      question: 'Why does a producer suspend instead of failing when it gets ahead of its consumer?',
      options: [],
      correctAnswer:
        'Backpressure: send suspends while the buffer is full, so the producer waits for the consumer.',
    },
  ],
};
const OPEN_FEEDBACK = 'Names backpressure; the buffer size could be mentioned.';

const TUTOR_REPLY =
  'A channel with capacity 2 lets the producer run two values ahead; after that, send waits for the consumer.';

const structured = jsonAnswers({
  roadmap: MODEL_ROADMAP,
  'lesson-resources': MODEL_RESOURCES,
  'lesson-quiz': MODEL_QUIZ,
  'grade-open-answers': { grades: [{ index: 0, score: 80, feedback: OPEN_FEEDBACK }] },
});

const systemPrompt = (req: RecordedRequest): string => req.body?.messages?.[0]?.content ?? '';
const isLessonStream = (req: RecordedRequest) =>
  req.body?.stream === true && systemPrompt(req).includes('writing one lesson');
const isTutorStream = (req: RecordedRequest) =>
  req.body?.stream === true && systemPrompt(req).includes('a patient tutor');

/**
 * The model holds its lesson after the Overview (its first 5 lines) until the test has seen that much on
 * the page, so the text is seen being written however late the page's stream connects or renders. Each test
 * that streams a lesson holds it anew (heldLesson).
 */
let lessonHold = Promise.resolve();
let releaseLesson = () => {};
function heldLesson() {
  lessonHold = new Promise<void>((resolve) => {
    releaseLesson = resolve;
  });
}

function modelAnswer(req: RecordedRequest): Step {
  // the lesson a line at a time
  if (isLessonStream(req))
    return {
      content: MODEL_LESSON,
      chunks: MODEL_LESSON.split(/(?<=\n)/),
      chunkDelayMs: 60,
      holdAfterChunks: { chunks: 5, until: lessonHold },
    };
  if (isTutorStream(req)) return { content: TUTOR_REPLY, chunkDelayMs: 20 };
  return structured(req);
}

test.describe('a lesson on an OpenAI-compatible provider', () => {
  let provider: ProviderApi;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    provider = await startProviderApi(modelAnswer);
  });

  test.afterAll(async () => {
    releaseLesson(); // a test that failed while the lesson was held leaves nothing waiting
    await provider?.close();
  });

  test("the model's lesson streams in with its links marked as suggestions, its questions are passed, and the tutor answers", async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const { ai, baseUrl } = provider;
    const learner = await registerLearner(request, baseUrl);
    const api = apiFor(request, baseUrl, learner);
    const goalId = await api.createGoal('Learn Kotlin coroutines', 'Practitioner');
    const plan = await api.generateRoadmap(goalId);
    const first = plan.lessonsForRoadmaps[plan.roadmaps[0]!.id]![0]!;
    expect(first.title).toBe(FIRST_LESSON);

    await signIn(page, learner);
    await cookieChoiceMade(page); // the suite's stored choice is for the main server's origin, not this one
    heldLesson();
    await page.goto(`${baseUrl}/learning-plan/${goalId}`);
    await page.getByRole('link', { name: `Start Lesson: ${FIRST_LESSON}` }).click();
    await expect(page).toHaveURL(`${baseUrl}/lessons/${first.id}`);
    await expect(page.getByRole('heading', { level: 1, name: FIRST_LESSON })).toBeVisible();

    // the model's text, seen while it is being written (the model holds it after the Overview); then whole,
    // with no offline-generator notice
    await expect(article(page).getByText(MODEL_SENTENCE)).toBeVisible({ timeout: GENERATION_TIMEOUT });
    await expect(article(page).getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
    await expect(article(page).getByRole('heading', { level: 2, name: 'Summary' })).toHaveCount(0);
    await expect(article(page)).toHaveAttribute('aria-busy', 'true');
    releaseLesson();
    await contentWritten(page);
    await expect(article(page).getByText(MODEL_SENTENCE)).toBeVisible();
    for (const name of ['Overview', 'Key Concepts', 'Example', 'Practice'])
      await expect(article(page).getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(article(page).locator('.katex').first()).toBeVisible();
    await expect(page.getByText(/offline generator/)).toHaveCount(0);

    // the model's links are shown as suggestions, not as checked links
    const video = page.getByRole('region', { name: 'Recommended Videos' }).getByRole('listitem');
    await expect(video.getByRole('link', { name: MODEL_RESOURCES.videos[0]!.title })).toHaveAttribute(
      'href',
      MODEL_RESOURCES.videos[0]!.url,
    );
    await expect(video).toContainText('AI suggestion, not checked');
    const reading = page.getByRole('region', { name: 'Additional Resources' }).getByRole('listitem');
    await expect(reading.getByRole('link', { name: MODEL_RESOURCES.articles[0]!.title })).toHaveAttribute(
      'href',
      MODEL_RESOURCES.articles[0]!.url,
    );
    await expect(reading).toContainText('AI suggestion, not checked');
    const book = page.getByRole('region', { name: 'Recommended Books' }).getByRole('listitem');
    await expect(book).toContainText(
      `${MODEL_RESOURCES.books[0]!.title} by ${MODEL_RESOURCES.books[0]!.author}`,
    );
    await expect(book).toContainText('AI suggestion, not checked');

    // the model's questions, answered right; the open answer graded by the model (80): (4 + 0.8) / 5 = 96%
    await page.getByRole('link', { name: 'Take Assessment' }).click();
    const form = page.getByRole('form', { name: 'Assessment questions' });
    await expect(form).toBeVisible({ timeout: GENERATION_TIMEOUT });
    await expect(form.getByText(MODEL_QUIZ.questions[0]!.question)).toBeVisible();
    await answerQuestions(
      form,
      MODEL_QUIZ.questions.map((q) => q.correctAnswer),
    );
    await form.getByRole('button', { name: 'Submit Assessment' }).click();
    const results = page.getByRole('region', { name: 'Results' });
    await expect(results.getByTestId('score')).toHaveText('96%', { timeout: GENERATION_TIMEOUT });
    await expect(results.getByRole('heading', { name: 'Excellent!' })).toBeVisible();
    await expect(results.getByText('Lesson completed.')).toBeVisible();
    await expect(
      results.getByText('Open answers were graded by the AI model against the expected answer.'),
    ).toBeVisible();
    await expect(results.getByText(`80% credit · ${OPEN_FEEDBACK}`)).toBeVisible();

    // the tutor on the lesson answers with the model's reply
    await results.getByRole('link', { name: 'Back to Lesson' }).click();
    await expect(page.getByText('Lesson completed with a score of 96%.')).toBeVisible();
    await page.getByRole('button', { name: 'Open AI tutor' }).click();
    const tutor = page.getByRole('dialog', { name: 'AI tutor' });
    await tutor.getByRole('textbox', { name: 'Message' }).fill('How far ahead can the producer get?');
    await tutor.getByRole('textbox', { name: 'Message' }).press('Enter');
    const reply = tutor.getByTestId('chat-assistant');
    await expect(reply).toHaveCount(1);
    await expect(reply).not.toHaveAttribute('aria-busy', 'true', { timeout: GENERATION_TIMEOUT });
    await expect(reply).toHaveText(TUTOR_REPLY);
    await expect(tutor.getByTestId('offline-note')).toHaveCount(0);

    // the protocol server was asked for each of them, with the configured key every time
    const asked = (match: (r: RecordedRequest) => boolean) => ai.requests.filter(match);
    expect(asked(isLessonStream).length).toBeGreaterThan(0);
    for (const name of ['roadmap', 'lesson-resources', 'lesson-quiz', 'grade-open-answers'])
      expect(asked((r) => schemaName(r) === name).length, name).toBeGreaterThan(0);
    const tutorCalls = asked(isTutorStream);
    expect(tutorCalls).toHaveLength(1);
    // the tutor reads the lesson the learner is on
    expect(JSON.stringify(tutorCalls[0]!.body.messages)).toContain(MODEL_SENTENCE);
    expect(ai.requests.map((r) => r.headers.authorization)).toEqual(
      ai.requests.map(() => `Bearer ${PROVIDER_KEY}`),
    );
  });
});
