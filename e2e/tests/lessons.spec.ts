import { prefillTitle } from '@mindpath/contracts/notes-logic';
import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../src/env.ts';
import { boxOf, overlaps } from '../src/geometry.ts';
import { registerLearner, signIn } from '../src/learner.ts';
import { answerQuestions, lessonArticle as article, learnAnswers, seekHalfway } from '../src/lessons.ts';
import { apiFor } from '../src/plan.ts';

// The lesson page and its assessment (spec 2 §2, §4, §8, §9) in Chromium through the one URL, on the offline
// generator: a learner's goal and roadmap made through the real API, then the page driven as the learner.

// generation and speech synthesis run on a loaded 2-core machine: be generous
const GENERATION_TIMEOUT = 90_000;

test('from the roadmap through a lesson: streamed content, image, audio, a note, a passed assessment, the next lesson', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  const goalId = await api.createGoal('Learn the Rust programming language');
  const plan = await api.generateRoadmap(goalId);
  const first = plan.lessonsForRoadmaps[plan.roadmaps[0]!.id]![0]!;
  const second = plan.lessonsForRoadmaps[plan.roadmaps[0]!.id]![1]!;

  await signIn(page, learner);
  await page.goto(`/learning-plan/${goalId}`);
  await page.getByRole('link', { name: `Start Lesson: ${first.title}` }).click();
  await expect(page).toHaveURL(`/lessons/${first.id}`);
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  // one duration everywhere: the plan's estimate
  await expect(page.getByText(`About ${first.estimatedTimeInMinutes} minutes · `)).toBeVisible();

  // the content is generated and streamed in; its special sections are level-2 headings. That the text is
  // shown while it is being written is proved in multi/multi-instance.spec.ts, paced at 100 ms a piece: at the
  // offline default (5 ms) a busy 2-core machine can finish the lesson before the page's stream opens, and the
  // page then rightly shows it whole
  await expect(article(page).getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible({
    timeout: GENERATION_TIMEOUT,
  });
  for (const name of ['Overview', 'Key Concepts', 'Example', 'Practice'])
    await expect(article(page).getByRole('heading', { level: 2, name })).toBeVisible();
  // key concepts, then an example about the lesson itself (a code block naming it)
  await expect(article(page).locator('h2:text-is("Key Concepts") + ul > li')).toHaveCount(4);
  await expect(article(page).locator('pre').first()).toContainText(first.title);
  await expect(page.getByText(/offline generator/)).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Recommended Videos' }).getByRole('link').first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Additional Resources' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recommended Books' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Roadmap' })).toHaveAttribute('href', '/learning-plan');

  // the placeholder's image is generated; a click shows it full size with its caption
  const image = article(page).getByRole('button', { name: /Open the image full size/ });
  await expect(image).toBeVisible({ timeout: GENERATION_TIMEOUT });
  const caption = (await article(page).locator('figcaption').first().textContent()) ?? '';
  // the picture is a labelled diagram of this lesson's ideas, named by its caption
  expect(caption.startsWith(`A labelled diagram of ${first.title}: `)).toBe(true);
  await image.click();
  const popup = page.getByRole('dialog', { name: 'Lesson image' });
  await expect(popup.getByRole('img', { name: caption })).toBeVisible();
  await expect(popup.getByText(caption)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();

  // audio: generated, then playing with a duration and a moving time
  await page.getByRole('button', { name: 'Generate Audio Version' }).click();
  const play = page.getByRole('button', { name: 'Play' });
  await expect(play).toBeVisible({ timeout: GENERATION_TIMEOUT });
  await expect(page.getByRole('button', { name: 'Seek in the audio' }).locator('span')).toHaveCount(60);
  await expect(page.getByTestId('audio-time')).not.toHaveText(/\/ 0:00$/, { timeout: 20_000 });
  await play.click();
  await expect(page.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
  await expect(page.getByTestId('audio-time')).not.toHaveText(/^0:00 \//, { timeout: 20_000 });
  const audio = await page.locator('audio').evaluate((el: HTMLAudioElement) => ({
    duration: el.duration,
    paused: el.paused,
  }));
  expect(audio.duration).toBeGreaterThan(5);
  expect(audio.paused).toBe(false);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(play).toBeVisible();
  await seekHalfway(page);

  // a selection in the lesson → Create Note (the notes remote's dialog, through federation)
  const paragraph = article(page).locator('p').first();
  const selected = ((await paragraph.textContent()) ?? '').trim();
  await paragraph.click({ clickCount: 3 });
  await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Create Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Note' });
  await expect(dialog.getByLabel('Title')).toHaveValue(prefillTitle(selected)); // its rule is unit-tested
  await dialog.getByLabel('Title').fill('Lesson note on Rust');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const toast = page.getByRole('status').filter({ hasText: 'Note "Lesson note on Rust" created' });
  await expect(toast).toBeVisible();
  // the toast keeps clear of the page's actions, and those end where the lesson's column ends
  const toastBox = await boxOf(toast);
  for (const name of ['Back to Roadmap', 'Take Assessment']) {
    expect(overlaps(toastBox, await boxOf(page.getByRole('link', { name }))), name).toBe(false);
  }
  // at the narrowest width with a sidebar, the toast stays clear of it
  await page.setViewportSize({ width: 850, height: 720 });
  const sidebar = await boxOf(page.getByRole('complementary', { name: 'Sidebar' }));
  expect(overlaps(await boxOf(toast), sidebar)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 720 });
  const header = page.getByRole('heading', { level: 1 }).locator('xpath=ancestor::header[1]');
  const [headerBox, articleBox] = [await boxOf(header), await boxOf(article(page))];
  expect(Math.abs(headerBox.x + headerBox.width - (articleBox.x + articleBox.width))).toBeLessThanOrEqual(1);

  // the assessment: a failed attempt first (through the API) tells the right answers, then the learner passes
  const answers = await learnAnswers(api, first.id);
  await page.getByRole('link', { name: 'Take Assessment' }).click();
  await expect(page).toHaveURL(`/lessons/${first.id}/assessment`);
  const form = page.getByRole('form', { name: 'Assessment questions' });
  await expect(form).toBeVisible({ timeout: GENERATION_TIMEOUT });
  await expect(form.locator('fieldset')).toHaveCount(answers.length);
  // every question is required
  await form.getByRole('button', { name: 'Submit Assessment' }).click();
  await expect(page.getByText('Please answer every question before submitting.')).toBeVisible();
  await answerQuestions(form, answers);
  await form.getByRole('button', { name: 'Submit Assessment' }).click();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByTestId('score')).toHaveText('100%', { timeout: GENERATION_TIMEOUT });
  await expect(results.getByRole('heading', { name: 'Perfect Score!' })).toBeVisible();
  await expect(results.getByText('Lesson completed.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Regenerate' })).toHaveCount(0);
  // toasts stack upward from the bottom edge of their lane: Go to Next Lesson, at the page's end, is below it
  const nextLesson = results.getByRole('link', { name: 'Go to Next Lesson' });
  await nextLesson.scrollIntoViewIfNeeded();
  const laneBottom = await page
    .getByRole('region', { name: 'Notifications' })
    .evaluate((lane) => lane.getBoundingClientRect().bottom);
  expect((await boxOf(nextLesson)).y).toBeGreaterThanOrEqual(laneBottom);

  // the lesson is completed: no Take Assessment any more, and the roadmap offers View Lesson with its score
  await results.getByRole('link', { name: 'Back to Lesson' }).click();
  await expect(page.getByText('Lesson completed with a score of 100%.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Take Assessment' })).toHaveCount(0);
  await page.goto(`/learning-plan/${goalId}`);
  await expect(page.getByRole('link', { name: `View Lesson: ${first.title}` })).toHaveAttribute(
    'href',
    `/lessons/${first.id}`,
  );

  // Go to Next Lesson: a free learner's second lesson within 24 hours meets the lesson-open gate (spec 1 §4)
  await page.goto(`/lessons/${first.id}/assessment`);
  await page
    .getByRole('region', { name: 'Results' })
    .getByRole('link', { name: 'Go to Next Lesson' })
    .click();
  await expect(page).toHaveURL(`/lessons/${second.id}`);
  const gate = page.getByRole('dialog', { name: 'Free Plan Limit Reached' });
  await expect(gate).toBeVisible();
  await expect(gate).toContainText('Only 1 lesson per 24 hours allowed in free version');
  await expect(gate.getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Take Assessment' })).toHaveCount(0);
  await gate.getByRole('link', { name: 'Back to Roadmap' }).click();
  await expect(page).toHaveURL(/\/learning-plan/);

  // the note made from the lesson is in the knowledge base
  await page.goto('/knowledge-graph');
  await expect(page.getByRole('link', { name: 'Lesson note on Rust' })).toBeVisible();
});
