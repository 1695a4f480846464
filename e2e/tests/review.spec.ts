import { expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from '../src/env.ts';
import { registerLearner, signIn } from '../src/learner.ts';
import { answerQuestions } from '../src/lessons.ts';
import { type Api, apiFor } from '../src/plan.ts';

// Spaced review in Chromium through the one URL: questions missed in a lesson assessment come to
// /review and leave it when answered; a note's `Question :: Answer` lines are cards graded by keyboard, with
// undo; and with the learner's review clock moved forward (the e2e server's test-only clock) they come back.

const GENERATION_TIMEOUT = 90_000;
const DAY = 86_400_000;

const dueBadge = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByTestId('review-due');
const card = (page: Page) => page.getByTestId('review-card');
/** what a question reads as on screen (`code` is shown as code, without its backticks) */
const shown = (text: string) => text.replace(/`([^`\n]+)`/g, '$1').trim();

/** Moves this learner's review clock forward (PUT /api/test/review-clock exists only on the e2e server). */
const moveClock = (api: Api, offsetMs: number) => api.call('PUT', '/test/review-clock', { offsetMs });

/** How far it is from now to the next noon UTC: a review day read from there is not about to end. */
const toNoon = () => {
  const noon = new Date();
  noon.setUTCHours(12, 0, 0, 0);
  if (noon.getTime() < Date.now()) noon.setUTCDate(noon.getUTCDate() + 1);
  return noon.getTime() - Date.now();
};

// the day a card comes back on is the learner's (the browser's zone): pinned, so no host's zone moves it
test.use({ timezoneId: 'UTC' });

test('a failed lesson assessment: its missed questions are in /review, and answering them empties it', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  const goalId = await api.createGoal('Learn SQL for data analysis');
  const plan = await api.generateRoadmap(goalId);
  const lesson = plan.lessonsForRoadmaps[plan.roadmaps[0]!.id]![0]!;
  await api.call('POST', `/lessons/${lesson.id}/generate-content`);
  await api.call('GET', `/lessons/${lesson.id}/content-status?waitMs=60000`);

  await signIn(page, learner);
  await page.goto(`/lessons/${lesson.id}/assessment`);
  const form = page.getByRole('form', { name: 'Assessment questions' });
  await expect(form).toBeVisible({ timeout: GENERATION_TIMEOUT });
  // every question answered wrongly: the first option that is not named like a made-up answer is taken, and
  // the written one is "I don't know"; which were missed is read from the results
  const count = await form.locator('fieldset').count();
  await answerQuestions(
    form,
    Array.from({ length: count }, () => 'no such option'),
    { wrong: true },
  );
  await form.getByRole('button', { name: 'Submit Assessment' }).click();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results).toBeVisible({ timeout: GENERATION_TIMEOUT });
  const note = results.getByText(/you missed (is|are) in your review/);
  await expect(note).toBeVisible();
  const missed = Number((await note.textContent())?.match(/^(\d+)/)?.[1]);
  expect(missed).toBeGreaterThan(0);
  await expect(dueBadge(page)).toHaveText(`${missed} due`);

  // the right answers, from the submission's results (the learner saw them on the results page)
  const assessment = await api.call<{
    submission: { results: { question: string; correctAnswer: string }[] };
  }>('GET', `/lessons/${lesson.id}/assessment`);
  const answerOf = new Map(assessment.submission.results.map((r) => [shown(r.question), r.correctAnswer]));

  await note.getByRole('link', { name: 'review' }).click();
  await expect(page).toHaveURL('/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  for (let left = missed; left > 0; left--) {
    await expect(page.getByTestId('review-left')).toHaveText(`${left} ${left === 1 ? 'card' : 'cards'} left`);
    const prompt = (await card(page).getByRole('heading', { level: 2 }).textContent()) ?? '';
    const answer = answerOf.get(prompt.trim());
    expect(answer, prompt).toBeDefined();
    const options = card(page).getByRole('radio');
    if ((await options.count()) > 0) {
      await card(page)
        .getByRole('radio', { name: shown(answer!), exact: true })
        .check();
      await card(page).getByRole('button', { name: 'Check answer' }).click();
      await expect(card(page).getByText(/^Correct\./)).toBeVisible();
      await card(page).getByRole('button', { name: 'Continue' }).click();
    } else {
      await card(page).getByRole('textbox', { name: 'Your answer' }).fill(answer!);
      await card(page).getByRole('button', { name: 'Show answer' }).click();
      await expect(card(page).getByText('Expected answer')).toBeVisible();
      await card(page).getByRole('button', { name: /^Good/ }).click();
    }
  }
  await expect(page.getByRole('region', { name: 'Review done' })).toContainText(
    `You reviewed ${missed} ${missed === 1 ? 'card' : 'cards'}`,
  );
  await expect(page.getByRole('region', { name: 'Review done' })).toContainText(
    /The next card is due in \d+ minutes/,
  );
  await expect(dueBadge(page)).toHaveCount(0);
});

test("a note's two '::' lines are two cards: graded by keyboard, undone, and due again when time moves on", async ({
  page,
  request,
}) => {
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  await api.call('POST', '/notes', {
    title: 'Capitals',
    content: 'Europe, for the quiz.\n- Capital of France :: Paris\n- Capital of Italy :: Rome',
  });
  // at noon: the note's other card waits for the next day, which near midnight is minutes away, not tomorrow
  const noon = toNoon();
  await moveClock(api, noon);
  await signIn(page, learner);
  await page.goto('/knowledge-graph');
  // both cards exist; one note's cards never come on the same day, so one is due today
  await expect(dueBadge(page)).toHaveText('1 due');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Review/ })
    .click();
  await expect(page).toHaveURL('/review');

  const heading = card(page).getByRole('heading', { level: 2 });
  await expect(heading).toHaveText('Capital of France');
  await page.keyboard.press('Space');
  await expect(card(page).getByText('Paris')).toBeVisible();
  // each grade says when it brings the card back (ts-fsrs): Good is a 10-minute learning step
  await expect(card(page).getByRole('button', { name: /^Good/ })).toContainText('10m');
  await page.keyboard.press('3');
  await expect(page.getByRole('region', { name: 'Review done' })).toContainText(
    'You reviewed 1 card: Good 1.',
  );

  // U takes the grade back: the card is asked again
  await page.keyboard.press('u');
  await expect(heading).toHaveText('Capital of France');
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  const done = page.getByRole('region', { name: 'Review done' });
  await expect(done).toContainText('You reviewed 1 card: Easy 1.');
  await expect(done).toContainText('The next card is due tomorrow');

  // the next day: the note's other card
  await moveClock(api, noon + DAY + 60_000);
  await page.reload();
  await expect(heading).toHaveText('Capital of Italy');
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect(page.getByRole('region', { name: 'Review done' })).toBeVisible();

  // weeks later both are due again (one a day, France first: it came due first)
  await moveClock(api, noon + 60 * DAY);
  await page.reload();
  await expect(heading).toHaveText('Capital of France');
  await expect(page.getByTestId('review-left')).toHaveText('1 card left');
});

test('Review settings: no new cards a day keeps a new card away; saved, then restored, it is back', async ({
  page,
  request,
}) => {
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  await api.call('POST', '/notes', { title: 'Rivers', content: '- Longest river of France :: Loire' });
  await signIn(page, learner);
  await page.goto('/review');
  const heading = card(page).getByRole('heading', { level: 2 });
  await expect(heading).toHaveText('Longest river of France');

  await page.getByText('Review settings', { exact: true }).click();
  const perDay = page.getByLabel('New cards per day');
  await expect(perDay).toHaveValue('20');
  await page.getByLabel('Target recall (%)').fill('100');
  await perDay.fill('0');
  await page.getByRole('button', { name: 'Save review settings' }).click();
  await expect(page.getByText('Enter a whole number from 70 to 99.')).toBeVisible();
  await page.getByLabel('Target recall (%)').fill('85');
  await page.getByRole('button', { name: 'Save review settings' }).click();
  await expect(page.getByText('Review settings saved.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Nothing to review' })).toBeVisible();
  await expect(dueBadge(page)).toHaveCount(0);

  // kept: read again after a reload
  await page.reload();
  await page.getByText('Review settings', { exact: true }).click();
  await expect(page.getByLabel('Target recall (%)')).toHaveValue('85');
  await page.getByLabel('New cards per day').fill('20');
  await page.getByRole('button', { name: 'Save review settings' }).click();
  await expect(heading).toHaveText('Longest river of France');
  await expect(dueBadge(page)).toHaveText('1 due');
});

test('Suspend card takes a card out of review, and Undo brings it back', async ({ page, request }) => {
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  await api.call('POST', '/notes', { title: 'Peaks', content: '- Highest peak of the Alps :: Mont Blanc' });
  await signIn(page, learner);
  await page.goto('/review');
  const heading = card(page).getByRole('heading', { level: 2 });
  await expect(heading).toHaveText('Highest peak of the Alps');
  await page.getByRole('button', { name: 'Suspend card' }).click();
  await expect(page.getByRole('region', { name: 'Nothing to review' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Card suspended.' })).toHaveCount(1);
  await expect(dueBadge(page)).toHaveCount(0);

  // Undo brings it back, due as before
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(heading).toHaveText('Highest peak of the Alps');
  await expect(dueBadge(page)).toHaveText('1 due');

  // suspended again, it stays out after a reload
  await page.getByRole('button', { name: 'Suspend card' }).click();
  await expect(page.getByRole('region', { name: 'Nothing to review' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Nothing to review' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suspend card' })).toHaveCount(0);
});
