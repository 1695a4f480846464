import { PLAN_EDIT_MESSAGES } from '@mindpath/contracts/roadmaps-constants';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from '../src/learner.ts';
import { learnerWithRoadmap } from '../src/plan.ts';

// The plan's Edit mode in Chromium through the one URL: rename a milestone by mouse and a lesson by keyboard,
// Undo, a completed lesson kept through it, and two tabs: the stale one is told and reloads; moves by drag
// and by keyboard, and a removal taken back by its own Undo.

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
  await expect(page.getByRole('heading', { name: /Getting started/ })).toBeVisible();

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
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(lessonsOf(page, 'Getting started').getByText(second!.title, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Done editing' }).click();
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
  await expect(other.getByRole('button', { name: 'Undo', exact: true })).toBeEnabled();

  await page.getByRole('button', { name: 'Edit plan' }).click();
  await milestone.getByRole('button', { name: 'Rename' }).first().click();
  await page.getByRole('textbox', { name: 'Milestone name' }).fill('From the first tab');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: /From the first tab/ })).toBeVisible();

  const otherMilestone = firstMilestone(other);
  await otherMilestone.getByRole('button', { name: 'Rename' }).first().click();
  await other.getByRole('textbox', { name: 'Milestone name' }).fill('From the second tab');
  await other.getByRole('button', { name: 'Save' }).click();
  await expect(other.getByText(PLAN_EDIT_MESSAGES.stale).first()).toBeVisible();
  await other.getByRole('button', { name: 'Cancel' }).click();
  await other.getByRole('button', { name: 'Reload' }).click();
  await expect(other.getByRole('heading', { name: /From the first tab/ })).toBeVisible();
});

/** Drags by the pointer in small steps, as a hand does: dnd-kit starts a drag after 6 px of movement. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 12, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}

test.describe('moves and removals', () => {
  // both milestones in view: a drag past the window's edge scrolls it (dnd-kit's auto-scroll)
  test.use({ viewport: { width: 1280, height: 1600 } });

  test('move lessons by drag and by keyboard, remove one and take it back, restore the first version, and nothing done is lost', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { learner, api, goalId, plan } = await learnerWithRoadmap(request);
    const [s1, s2] = plan.roadmaps;
    const [a, b, c] = plan.lessonsForRoadmaps[s1!.id] ?? [];
    const [d] = plan.lessonsForRoadmaps[s2!.id] ?? [];
    await api.completeLesson(a!.id);

    await signIn(page, learner);
    await page.goto(`/learning-plan/${goalId}`);
    await page.getByRole('button', { name: 'Edit plan' }).click();
    const titlesOf = (section: string) => lessonsOf(page, section).getByRole('listitem').locator('span[id]');

    // the first lesson dragged by its handle onto the second milestone's first lesson: it takes its place
    await drag(
      page,
      page.getByRole('button', { name: `Drag lesson: ${a!.title}` }),
      page.getByRole('button', { name: `Drag lesson: ${d!.title}` }),
    );
    await expect(titlesOf(s2!.name).first()).toHaveText(a!.title);
    await expect(page.getByRole('status').filter({ hasText: /Moved the lesson/ })).toHaveCount(1);

    // by keyboard: Move down keeps focus on the step; then Move to… the second milestone
    const row = (title: string) =>
      page
        .getByRole('list', { name: /^Lessons of / })
        .getByRole('listitem')
        .filter({ has: page.getByText(title, { exact: true }) });
    const down = row(b!.title).getByRole('button', { name: 'Move down' });
    await down.focus();
    await page.keyboard.press('Enter');
    await expect(titlesOf(s1!.name).nth(1)).toHaveText(b!.title);
    await expect(row(b!.title).getByRole('button', { name: 'Move down' })).toBeFocused();
    await row(c!.title).getByRole('button', { name: 'Move to…' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: `Milestone 2: ${s2!.name}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(titlesOf(s2!.name).last()).toHaveText(c!.title);

    // a removal, confirmed, then taken back by its own Undo, which focus is on
    await row(a!.title).getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Remove the lesson “${a!.title}”?` });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(row(a!.title)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Undo removal' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(titlesOf(s2!.name).first()).toHaveText(a!.title);

    // the history: restore the plan as generated, every move taken back at once
    await page.getByRole('button', { name: /^History \(\d+ changes\)$/ }).click();
    await page.getByRole('button', { name: 'Restore the plan as generated' }).click();
    await expect(titlesOf(s1!.name)).toHaveText(plan.lessonsForRoadmaps[s1!.id]!.map((l) => l.title));

    // after a reload the plan is as left, and the lesson moved back and forth is still done
    await page.reload();
    await expect(lessonsOf(page, s1!.name).getByRole('listitem').first()).toContainText(a!.title);
    await expect(
      lessonsOf(page, s1!.name).getByRole('listitem').first().getByRole('button', { name: 'Lesson done' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});
