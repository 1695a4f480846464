// The AI tutor chat (spec 2 §2, §5, §8, §9; spec 1 §2, §9) and the side menu's Current Lesson, in Chromium on
// the one URL, against the offline generator. Goals and roadmaps are made through the real API.
import { expect, type Page, test } from '@playwright/test';
import { ask, openTutor } from '../src/chat.ts';
import { E2E_BASE_URL } from '../src/env.ts';
import { registerLearner, signIn } from '../src/learner.ts';
import { apiFor, lessonsOf } from '../src/plan.ts';

async function learnerWithRoadmap(page: Page, request: Parameters<typeof registerLearner>[0]) {
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  const goalId = await api.createGoal('Learn SQL joins');
  const plan = await api.generateRoadmap(goalId);
  const lessons = lessonsOf(plan);
  if (lessons.length < 2) throw new Error('the roadmap has fewer than two lessons');
  await signIn(page, learner);
  return { learner, api, lessons };
}

test("a lesson's chat: the answer streams in, the history is there after a reload, and clearing empties it", async ({
  page,
  request,
}) => {
  const { lessons } = await learnerWithRoadmap(page, request);
  const lesson = lessons[0];
  await page.goto(`/lessons/${lesson?.id}`);
  await expect(page.getByTestId('chat-hint')).toHaveText('Questions about this lesson? Ask the AI tutor.');
  const panel = await openTutor(page);
  await expect(panel.getByText('About this lesson', { exact: true })).toBeVisible();

  // blank is not sent
  await panel.getByRole('textbox', { name: 'Message' }).fill('   ');
  await panel.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(panel.getByRole('button', { name: 'Send' })).toBeDisabled();

  const response = await ask(page, 'What is an inner join?');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/event-stream');
  await expect(panel.getByTestId('chat-user')).toHaveText(['What is an inner join?']);
  const answer = panel.getByTestId('chat-assistant');
  await expect(answer).toHaveCount(1);
  await expect(answer).not.toHaveAttribute('aria-busy', 'true');
  expect((await answer.textContent())?.trim().length).toBeGreaterThan(20);
  await expect(panel.getByTestId('offline-note')).toBeVisible();
  const answered = await answer.textContent();

  await page.reload();
  const again = await openTutor(page);
  await expect(again.getByTestId('chat-user')).toHaveText(['What is an inner join?']);
  await expect(again.getByTestId('chat-assistant')).toHaveText([answered ?? '']);

  // another lesson has its own conversation
  await page.goto(`/lessons/${lessons[1]?.id}`);
  const other = await openTutor(page);
  await expect(other.getByText(/Ask anything about this lesson/)).toBeVisible();

  await page.goto(`/lessons/${lesson?.id}`);
  const first = await openTutor(page);
  await expect(first.getByTestId('chat-user')).toHaveCount(1);
  await first.getByRole('button', { name: 'Clear history' }).click();
  await first.getByRole('button', { name: 'Delete' }).click();
  await expect(first.getByText(/Ask anything about this lesson/)).toBeVisible();
  await page.reload();
  const cleared = await openTutor(page);
  await expect(cleared.getByText(/Ask anything about this lesson/)).toBeVisible();
  await expect(cleared.getByTestId('chat-user')).toHaveCount(0);
});

test('the tutor on /home answers about the goal; after 5 questions a free learner sees the limit panel', async ({
  page,
  request,
}) => {
  const { api } = await learnerWithRoadmap(page, request);
  await page.goto('/home');
  await expect(page.getByTestId('chat-hint')).toHaveText('Questions about your goal? Ask the AI tutor.');
  const panel = await openTutor(page);
  await expect(panel.getByText('About your active goal', { exact: true })).toBeVisible();
  await ask(page, 'Where should I start?');
  await expect(panel.getByTestId('chat-assistant')).toHaveCount(1);
  await expect(panel.getByTestId('chat-assistant')).not.toHaveAttribute('aria-busy', 'true');

  for (let i = 2; i <= 5; i++) await api.call('POST', '/chat', { message: `Question ${i}` });

  const refused = await ask(page, 'And a sixth question?');
  expect(refused.status()).toBe(429);
  const limit = panel.getByRole('alert', { name: 'Daily Chat Limit Reached' });
  await expect(limit).toBeVisible();
  await expect(limit.getByText('5 / 5')).toBeVisible();
  await expect(limit.getByRole('button', { name: 'Pro Plan Coming Soon' })).toBeDisabled();
  await limit.getByRole('button', { name: 'Close' }).click();
  await expect(panel.getByRole('textbox', { name: 'Message' })).toHaveValue('And a sixth question?');
});

test('the hint hides after 50 px of scroll; a chat that fails to load stays in its slot and comes back with Retry', async ({
  page,
  request,
}) => {
  await signIn(page, await registerLearner(request));
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/settings');
  await expect(page.getByTestId('chat-hint')).toBeVisible();
  await page.evaluate(() => {
    document.body.style.minHeight = '3000px';
    window.scrollTo(0, 40);
  });
  await expect(page.getByTestId('chat-hint')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 80));
  await expect(page.getByTestId('chat-hint')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open AI tutor' })).toBeVisible();

  const lessonsEntry = '**/remotes/lessons/*/remoteEntry.js';
  await page.route(lessonsEntry, (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.reload();
  const failure = page.getByRole('alert').filter({ hasText: 'Lessons is unavailable right now' });
  await expect(failure).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Settings');
  await page.unroute(lessonsEntry);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Open AI tutor' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Current Lesson in the side menu goes to the first uncompleted lesson, then to the next one', async ({
  page,
  request,
}) => {
  const { api, lessons } = await learnerWithRoadmap(page, request);
  await page.goto('/home');
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Current Lesson' });
  await expect(link).toHaveAttribute('href', `/lessons/${lessons[0]?.id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/lessons/${lessons[0]?.id}$`));
  await expect(link).toHaveAttribute('aria-current', 'page');

  await api.completeLesson(lessons[0]?.id ?? '');
  await page.goto('/goals');
  await expect(link).toHaveAttribute('href', `/lessons/${lessons[1]?.id}`);
});

test("Ask AI on a lesson's selected text opens the lesson's chat with it quoted, and it is answered", async ({
  page,
  request,
}) => {
  const { lessons } = await learnerWithRoadmap(page, request);
  await page.goto(`/lessons/${lessons[0]?.id}`);
  const article = page.getByRole('article', { name: 'Lesson content' });
  await expect(article.getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible({ timeout: 90_000 });
  await expect(article).not.toHaveAttribute('aria-busy', 'true', { timeout: 90_000 });
  const paragraph = article.locator('p').first();
  const selected = ((await paragraph.textContent()) ?? '').trim();
  await paragraph.click({ clickCount: 3 });
  await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Ask AI' }).click();

  const panel = page.getByRole('dialog', { name: 'AI tutor' });
  await expect(panel).toBeVisible();
  const input = panel.getByRole('textbox', { name: 'Message' });
  await expect(input).toBeFocused();
  expect(await input.inputValue()).toContain(`> ${selected.split('\n')[0]}`);
  await input.press('End');
  await input.pressSequentially('What does this mean?');
  await input.press('Enter');
  await expect(panel.getByTestId('chat-user')).toHaveCount(1);
  await expect(panel.getByTestId('chat-user')).toContainText('What does this mean?');
  await expect(panel.getByTestId('chat-assistant')).toHaveCount(1);
  await expect(panel.getByTestId('chat-assistant')).not.toHaveAttribute('aria-busy', 'true');
});
