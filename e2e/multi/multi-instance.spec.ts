// Mindpath as several machines run it (README "Running on more than one machine"), in Chromium through
// one URL: the round-robin proxy in front of two API instances (WORKER=off) and a worker process, on PostgreSQL
// with media in an S3-protocol server (src/serve-multi.ts). Processes are killed as crashes kill them (SIGKILL)
// while the learner's page is in the middle of something, and the page carries on.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_ERROR_REPLY } from '@mindpath/contracts/chat';
import { expect, type Locator, test } from '@playwright/test';
import { ask, openTutor } from '../src/chat.ts';
import { E2E_MULTI_BASE_URL, E2E_MULTI_RUN_DIR } from '../src/env.ts';
import { registerInForm, registerLearner, signIn } from '../src/learner.ts';
import {
  answerQuestions,
  lessonArticle as article,
  learnAnswers,
  recordStreaming,
  seekHalfway,
  wasRestarted,
  wasStreamed,
} from '../src/lessons.ts';
import {
  allUp,
  holderOf,
  kill,
  liveWorkers,
  nextWorkerName,
  processes,
  startProcess,
} from '../src/multi-control.ts';
import { apiFor, lessonsOf } from '../src/plan.ts';

// generation and speech synthesis on a loaded 2-core machine, the lesson written twice: be generous
const GENERATION_TIMEOUT = 90_000;

const textLength = async (el: Locator) => ((await el.textContent()) ?? '').length;

test.beforeEach(allUp);

test('register → a passed lesson with audio and a note, while the instance streaming it and then its worker die', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const api = apiFor(request, E2E_MULTI_BASE_URL, await registerInForm(page));
  const goalId = await api.createGoal('Learn the Rust programming language');
  const [lesson] = lessonsOf(await api.generateRoadmap(goalId));
  if (!lesson) throw new Error('the roadmap has no lesson');

  await recordStreaming(page);
  await page.goto(`/learning-plan/${goalId}`);
  await page.getByRole('link', { name: `Start Lesson: ${lesson.title}` }).click();
  await expect(page).toHaveURL(`/lessons/${lesson.id}`);
  const writing = article(page).and(page.locator('[aria-busy="true"]'));
  await expect(writing.locator('h2').first()).toBeVisible({ timeout: GENERATION_TIMEOUT });

  // the API instance that serves the page's content stream dies
  const stream = `/api/lessons/${lesson.id}/content-stream`;
  const streamer = await holderOf(stream);
  const shown = await textLength(article(page));
  await kill(streamer);
  // the page opens the stream again; the proxy finds the other instance, which reads the job's progress from
  // PostgreSQL: the text carries on from where it was
  expect((await holderOf(stream)).name).not.toBe(streamer.name);
  await expect.poll(() => textLength(writing), { timeout: 20_000 }).toBeGreaterThan(shown + 200);
  await expect(page.getByText('Failed to generate lesson content. Please try again later.')).toHaveCount(0);

  // the worker writing it dies in the middle; a second one takes the job up once its heartbeat is stale and
  // writes the lesson again from the start, and the page follows that
  const [worker] = await liveWorkers();
  await expect(writing).toBeVisible();
  await kill(worker!);
  const second = await startProcess(nextWorkerName(await processes()));
  await expect(article(page).getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible({
    timeout: GENERATION_TIMEOUT,
  });
  await expect(article(page)).not.toHaveAttribute('aria-busy', 'true');
  expect(await wasStreamed(page)).toBe(true);
  expect(await wasRestarted(page)).toBe(true);
  expect((await liveWorkers()).map((w) => w.name)).toEqual([second.name]);
  // the page shows the stored lesson once: as many sections as it has, none twice
  const stored = await api.call<{ content: string }>('GET', `/lessons/${lesson.id}`);
  const sections = stored.content.match(/^## .+$/gm) ?? [];
  expect(sections.length).toBeGreaterThanOrEqual(5);
  await expect(article(page).locator('h2')).toHaveCount(sections.length);
  for (const name of ['Overview', 'Key Concepts', 'Example', 'Practice', 'Summary'])
    await expect(article(page).getByRole('heading', { level: 2, name, exact: true })).toHaveCount(1);

  // the image and the audio: made by one instance, kept in the bucket, served by either
  await expect(article(page).getByRole('button', { name: /Open the image full size/ })).toBeVisible({
    timeout: GENERATION_TIMEOUT,
  });
  await page.getByRole('button', { name: 'Generate Audio Version' }).click();
  await expect(page.getByRole('button', { name: 'Play' })).toBeVisible({ timeout: GENERATION_TIMEOUT });
  await expect(page.getByTestId('audio-time')).not.toHaveText(/\/ 0:00$/, { timeout: 20_000 });
  // byte ranges through the proxy, either instance and the bucket
  await seekHalfway(page);
  const bucket = join(E2E_MULTI_RUN_DIR, 'data', 's3', 'mindpath-media');
  const objects = readdirSync(bucket, { recursive: true }).map(String);
  expect(objects.some((f) => f.includes('.wav'))).toBe(true);
  expect(objects.some((f) => f.includes('.svg'))).toBe(true);
  expect(existsSync(join(E2E_MULTI_RUN_DIR, 'data', 'media'))).toBe(false);

  // a note from a selection
  await article(page).locator('p').first().click({ clickCount: 3 });
  await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Create Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Note' });
  await dialog.getByLabel('Title').fill('Rust, on two instances');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Note "Rust, on two instances" created' }),
  ).toBeVisible();

  // the assessment, passed (the second worker writes it)
  const answers = await learnAnswers(api, lesson.id);
  await page.getByRole('link', { name: 'Take Assessment' }).click();
  const form = page.getByRole('form', { name: 'Assessment questions' });
  await expect(form).toBeVisible({ timeout: GENERATION_TIMEOUT });
  await answerQuestions(form, answers);
  await form.getByRole('button', { name: 'Submit Assessment' }).click();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByTestId('score')).toHaveText('100%', { timeout: GENERATION_TIMEOUT });
  await expect(results.getByText('Lesson completed.')).toBeVisible();
  await page.goto('/knowledge-graph');
  await expect(page.getByRole('link', { name: 'Rust, on two instances' })).toBeVisible();
});

test('a chat answer whose instance dies mid-answer carries on from where it was, shown and stored once', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const learner = await registerLearner(request, E2E_MULTI_BASE_URL);
  await apiFor(request, E2E_MULTI_BASE_URL, learner).createGoal('Learn SQL joins');
  await signIn(page, learner);
  await page.goto('/goals');
  const panel = await openTutor(page);
  const question = 'How should I start learning SQL joins?';

  await ask(page, question);
  const answer = panel.getByTestId('chat-assistant');
  const writing = answer.and(page.locator('[aria-busy="true"]'));
  await expect.poll(() => textLength(writing)).toBeGreaterThan(0);
  // the API instance streaming the answer dies; the worker writing it lives on
  const streamer = await holderOf('/api/chat/stream');
  const resumed = page.waitForRequest(
    (r) => r.method() === 'GET' && /\/api\/chat\/stream\/[0-9a-f-]{36}$/.test(r.url()),
    { timeout: 30_000 },
  );
  const shown = ((await answer.textContent()) ?? '').trim();
  await kill(streamer);
  // the page follows the same turn again through the other instance and the answer goes on from there
  await resumed;
  await expect(answer).toHaveCount(1);
  await expect(answer).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
  await expect(answer).not.toHaveText(CHAT_ERROR_REPLY);
  const answered = ((await answer.textContent()) ?? '').trim();
  expect(answered.startsWith(shown)).toBe(true);
  expect(answered.length).toBeGreaterThan(Math.max(shown.length, 20));
  // once: what was shown before the cut is not repeated after it
  expect(answered.split(shown).length - 1).toBe(1);
  await expect(panel.getByTestId('chat-user')).toHaveText([question]);

  // what was stored: the one exchange, the same answer
  await page.reload();
  const again = await openTutor(page);
  await expect(again.getByTestId('chat-user')).toHaveText([question]);
  await expect(again.getByTestId('chat-assistant')).toHaveText([answered]);
});
