import { PLAN_EDIT_MESSAGES } from '@mindpath/contracts/roadmaps-constants';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../src/learner.ts';
import { learnerWithRoadmap } from '../src/plan.ts';

// The plan's Edit mode in Chromium through the one URL: rename a milestone by mouse and a lesson by keyboard,
// Undo, a completed lesson kept through it, and two tabs: the stale one is told and reloads.

const lessonsOf = (page: Page, section: string) => page.getByRole('list', { name: `Lessons of ${section}` });

test('rename a milestone and a lesson, undo, and a second tab told that the plan changed', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { learner, api, goalId, plan } = await learnerWithRoadmap(request);
  const [s1] = plan.roadmaps;
  const [first, second] = plan.lessonsForRoadmaps[s1!.id] ?? [];
  await api.completeLesson(first!.id);

  await signIn(page, learner);
  await page.goto(`/learning-plan/${goalId}`);
  // the first milestone, holding the next lesson, is open
  await expect(page.getByRole('button', { name: s1!.name }).first()).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Edit plan' }).click();

  // the milestone by mouse
  const firstMilestone = (p: Page) =>
    p.getByRole('list', { name: 'Milestones' }).locator(':scope > li').first();
  const milestone = firstMilestone(page);
  await milestone.getByRole('button', { name: 'Rename' }).first().click();
  const name = page.getByRole('textbox', { name: 'Milestone name' });
  await name.fill('Getting started');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: /Getting started/ })).toBeVisible();

  // the second lesson by keyboard: Tab to its Rename, Enter, type, Enter
  const row = lessonsOf(page, 'Getting started').getByRole('listitem').filter({ hasText: second!.title });
  await row.getByRole('button', { name: 'Rename' }).focus();
  await page.keyboard.press('Enter');
  const title = page.getByRole('textbox', { name: 'Lesson title' });
  await expect(title).toBeFocused();
  await title.fill('Cargo, step by step');
  await page.keyboard.press('Enter');
  await expect(lessonsOf(page, 'Getting started').getByText('Cargo, step by step')).toBeVisible();
  await expect(page.getByText(/Last change: Renamed the lesson/)).toBeVisible();
  // focus came back to Rename
  await expect(
    lessonsOf(page, 'Getting started')
      .getByRole('listitem')
      .filter({ hasText: 'Cargo, step by step' })
      .getByRole('button', { name: 'Rename' }),
  ).toBeFocused();

  // Undo takes back the lesson's title; the completed lesson stayed completed through it all
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(lessonsOf(page, 'Getting started').getByText(second!.title, { exact: true })).toBeVisible();
  await expect(
    lessonsOf(page, 'Getting started')
      .getByRole('listitem')
      .filter({ hasText: first!.title })
      .getByRole('button', { name: 'Lesson done' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // a second tab, open on the plan before the first edits again
  const other = await context.newPage();
  await other.goto(`/learning-plan/${goalId}`);
  await other.getByRole('button', { name: 'Edit plan' }).click();
  await expect(other.getByRole('button', { name: 'Undo' })).toBeEnabled();

  await milestone.getByRole('button', { name: 'Rename' }).first().click();
  await page.getByRole('textbox', { name: 'Milestone name' }).fill('From the first tab');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: /From the first tab/ })).toBeVisible();

  const otherMilestone = firstMilestone(other);
  await otherMilestone.getByRole('button', { name: 'Rename' }).first().click();
  await other.getByRole('textbox', { name: 'Milestone name' }).fill('From the second tab');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByText(PLAN_EDIT_MESSAGES.stale).first()).toBeVisible();
  await other.getByRole('button', { name: 'Cancel' }).click();
  await other.getByRole('button', { name: 'Reload' }).click();
  await expect(other.getByRole('button', { name: /From the first tab/ })).toBeVisible();
});
