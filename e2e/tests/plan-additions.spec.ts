import { expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from '../src/env.ts';
import { registerLearner, signIn } from '../src/learner.ts';
import { apiFor, learnerWithRoadmap } from '../src/plan.ts';

// Growing and refreshing a plan in Chromium through the one URL: a lesson added by its title, one the AI
// suggests (the free plan's second suggestion of the day meets the Daily Limit Reached panel), and
// "Regenerate remaining lessons", which rewrites only what is not started.

const lessonsOf = (page: Page, section: string) => page.getByRole('list', { name: `Lessons of ${section}` });

test('add a lesson by its title and one the AI suggests; a free plan’s next suggestion is over its daily limit', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { learner, goalId, plan } = await learnerWithRoadmap(request);
  const [s1] = plan.roadmaps;
  const before = plan.lessonsForRoadmaps[s1!.id]!.length;

  await signIn(page, learner);
  await page.goto(`/learning-plan/${goalId}`);
  await page.getByRole('button', { name: 'Edit plan' }).click();
  const milestone = page.getByRole('list', { name: 'Milestones' }).getByRole('listitem').first();

  await milestone.getByRole('button', { name: 'Add lesson' }).click();
  await milestone.getByRole('textbox', { name: 'New lesson title' }).fill('Ownership in practice');
  await milestone.getByRole('textbox', { name: 'New lesson title' }).press('Enter');
  await expect(lessonsOf(page, s1!.name).getByRole('listitem').last()).toContainText('Ownership in practice');

  await milestone.getByRole('button', { name: 'Suggest one' }).click();
  const suggestion = page.getByRole('region', { name: 'Suggested lesson' });
  await expect(suggestion).toBeVisible();
  const suggested = ((await suggestion.locator('p').first().textContent()) ?? '').split(' · ')[0]!.trim();
  expect(suggested.length).toBeGreaterThan(0);
  await suggestion.getByRole('button', { name: 'Add it' }).click();
  await expect(lessonsOf(page, s1!.name).getByRole('listitem')).toHaveCount(before + 2);
  await expect(lessonsOf(page, s1!.name).getByRole('listitem').last()).toContainText(suggested);

  await milestone.getByRole('button', { name: 'Suggest one' }).click();
  await expect(milestone.getByRole('heading', { name: 'Daily Limit Reached' })).toBeVisible();
  await milestone.getByRole('button', { name: 'I Understand' }).click();
  await expect(milestone.getByRole('button', { name: 'Suggest one' })).toBeVisible();

  // both additions are in the plan after a reload, in the order they were added
  await page.reload();
  const titles = lessonsOf(page, s1!.name).getByRole('listitem');
  await expect(titles).toHaveCount(before + 2);
  await expect(titles.nth(before)).toContainText('Ownership in practice');
  await expect(titles.nth(before + 1)).toContainText(suggested);
});

test('Regenerate remaining lessons clears only the written lessons not started; a completed one keeps its text', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  await api.becomePro();
  const goalId = await api.createGoal('Learn SQL for data analysis');
  const plan = await api.generateRoadmap(goalId);
  const [done, waiting] = plan.lessonsForRoadmaps[plan.roadmaps[0]!.id]!;
  await api.writeLesson(done!.id);
  await api.writeLesson(waiting!.id);
  await api.completeLesson(done!.id);
  const contentOf = async (id: string) =>
    (await api.call<{ content: string | null }>('GET', `/lessons/${id}`)).content ?? '';
  const doneText = await contentOf(done!.id);

  await signIn(page, learner);
  await page.goto(`/learning-plan/${goalId}`);
  await page.getByRole('button', { name: 'Regenerate remaining lessons' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Regenerate remaining lessons?' });
  await expect(dialog).toContainText('Completed and started lessons stay as they are.');
  await dialog.getByRole('button', { name: 'Regenerate remaining lessons' }).click();
  await expect(page.getByText('1 lesson will be written again when you open it.')).toBeVisible();

  expect(await contentOf(done!.id)).toBe(doneText);
  expect(await contentOf(waiting!.id)).toBe('');
});
