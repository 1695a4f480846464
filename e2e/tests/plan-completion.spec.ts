import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../src/learner.ts';
import { learnerWithRoadmap } from '../src/plan.ts';

// Marking lessons and milestones done and not done from the learning plan (spec 1 §4), by mouse and by
// keyboard, in Chromium through the one URL; the goal's progress and home follow.

const milestoneToggle = (page: Page, name: string) => page.getByRole('button', { name });
const lessonRow = (page: Page, section: string, title: string) =>
  page
    .getByRole('list', { name: `Lessons of ${section}` })
    .getByRole('listitem')
    .filter({ hasText: title });

test('a lesson and a milestone marked done and back; the goal card and home follow', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { learner, goalId, plan } = await learnerWithRoadmap(request);
  const [s1] = plan.roadmaps;
  const lessons = plan.lessonsForRoadmaps[s1!.id] ?? [];
  const total = Object.values(plan.lessonsForRoadmaps).flat().length;
  expect(lessons.length).toBeGreaterThan(1);
  const [first, second] = lessons;

  await signIn(page, learner);
  await page.goto(`/learning-plan/${goalId}`);
  const card = page.getByRole('region', { name: 'Goal' });
  await expect(card.getByText(`0 of ${total} lessons completed`)).toBeVisible();

  // by mouse: the first lesson done, Start Lesson moves to the next one
  const done = lessonRow(page, s1!.name, first!.title).getByRole('button', { name: 'Lesson done' });
  await expect(done).toHaveAttribute('aria-pressed', 'false');
  await done.click();
  await expect(done).toHaveAttribute('aria-pressed', 'true');
  await expect(card.getByText(`1 of ${total} lessons completed`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Start Lesson: ${second!.title}` })).toBeVisible();
  await expect(page.getByRole('link', { name: `View Lesson: ${first!.title}` })).toBeVisible();

  // by keyboard: Space on the focused toggle takes it back
  await done.focus();
  await page.keyboard.press('Space');
  await expect(done).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByText(`0 of ${total} lessons completed`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Start Lesson: ${first!.title}` })).toBeVisible();

  // the whole milestone: its lessons done with it, its badge says Completed; stored, as a reload shows
  await page.getByRole('button', { name: 'Mark milestone as done' }).first().click();
  await expect(milestoneToggle(page, s1!.name)).toContainText('Completed');
  await expect(card.getByText(`${lessons.length} of ${total} lessons completed`)).toBeVisible();
  await page.reload();
  await expect(card.getByText(`${lessons.length} of ${total} lessons completed`)).toBeVisible();

  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  const progress = page.getByRole('region', { name: 'Learning Progress' });
  await expect(progress.getByText(`${lessons.length} / ${total}`)).toBeVisible();

  // and back: the milestone opened again, with every lesson of it
  await page.goto(`/learning-plan/${goalId}`);
  await milestoneToggle(page, s1!.name).click();
  await page.getByRole('button', { name: 'Mark milestone as not done' }).click();
  await expect(card.getByText(`0 of ${total} lessons completed`)).toBeVisible();
  for (const l of lessons)
    await expect(
      lessonRow(page, s1!.name, l.title).getByRole('button', { name: 'Lesson done' }),
    ).toHaveAttribute('aria-pressed', 'false');
});
