import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from '../src/env.ts';
import { registerLearner, signIn } from '../src/learner.ts';
import { lessonArticle as article } from '../src/lessons.ts';
import { apiFor } from '../src/plan.ts';

// A lesson regenerated with an instruction in Chromium through the one URL, on the offline
// generator: a Pro learner (paid in the sandbox checkout through the API, so the free plan's one lesson a day
// does not refuse the new version) opens a written SQL lesson, asks for more examples, reads the new version
// as it is written, then restores the first version from Versions.

// the content job streams on a loaded 2-core machine: be generous
const WRITING_TIMEOUT = 60_000;

test('a lesson regenerated with "more examples", then its first version restored', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  await api.becomePro();

  const goalId = await api.createGoal('Learn SQL for data analysis');
  const plan = await api.generateRoadmap(goalId);
  const lesson = plan.lessonsForRoadmaps[plan.roadmaps[0]!.id]![0]!;
  await api.writeLesson(lesson.id);

  await signIn(page, learner);
  await page.goto(`/lessons/${lesson.id}`);
  await expect(article(page).getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible({
    timeout: WRITING_TIMEOUT,
  });
  await expect(article(page).getByRole('heading', { name: /^Worked example/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'Regenerate lesson' }).click();
  const dialog = page.getByRole('dialog', { name: 'Regenerate lesson' });
  await dialog.getByRole('textbox', { name: 'Instruction (optional)' }).fill('more examples');
  await dialog.getByRole('button', { name: 'Regenerate' }).click();
  await expect(dialog).toBeHidden();

  // the new version, with its worked examples, and the note of what it followed
  await expect(
    article(page)
      .getByRole('heading', { name: /^Worked example/ })
      .first(),
  ).toBeVisible({
    timeout: WRITING_TIMEOUT,
  });
  await expect(article(page)).not.toHaveAttribute('aria-busy', 'true', { timeout: WRITING_TIMEOUT });
  await expect(article(page).getByText('Written as you asked: more examples.')).toBeVisible();

  const versions = page.getByRole('region', { name: 'Versions' });
  await versions.getByRole('button', { name: 'Versions (2)' }).click();
  await expect(versions.getByRole('listitem').first()).toContainText('more examples');
  await expect(versions.getByRole('listitem').first()).toContainText('Current');
  await versions.getByRole('button', { name: 'Restore version 1' }).click();

  // the first version again: no worked examples, and it is the current one
  await expect(versions.getByRole('status')).toHaveText('Version 1 restored.');
  await expect(article(page).getByRole('heading', { name: /^Worked example/ })).toHaveCount(0);
  await expect(article(page).getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible();
  await expect(versions.getByRole('button', { name: 'Restore version 2' })).toBeVisible();

  // and after a reload, from the server
  await page.reload();
  await expect(article(page).getByRole('heading', { level: 2, name: 'Summary' })).toBeVisible({
    timeout: WRITING_TIMEOUT,
  });
  await expect(article(page).getByRole('heading', { name: /^Worked example/ })).toHaveCount(0);
});
