import { ROUTES } from '@mindpath/contracts/routes-constants';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousViolations, settled, startInTheme, switchTheme, THEMES } from '../src/axe.ts';
import { E2E_BASE_URL } from '../src/env.ts';
import { expectVisibleFocus } from '../src/focus.ts';
import { type Learner, registerLearner, signIn } from '../src/learner.ts';
import { apiFor } from '../src/plan.ts';

// WCAG 2.2 AA with axe on every route of the shell's route table and on the dialogs, in both themes: no
// critical or serious violation. Routes come from the route table itself, so a new route is covered as it is
// added; its path parameters are filled from the learner's own goal and lesson below.

interface LearnerWithPlan {
  learner: Learner;
  goalId: string;
  lessonIds: [string, string];
}

async function learnerWithPlan(request: APIRequestContext): Promise<LearnerWithPlan> {
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  const goalId = await api.createGoal('Learn the Rust programming language');
  const plan = await api.generateRoadmap(goalId);
  const [first, second] = plan.lessonsForRoadmaps[plan.roadmaps[0]!.id]!;
  // the first lesson written, so its assessment route shows questions whichever route a worker runs first
  // (unwritten, it shows a notice asking to open the lesson)
  await api.call('POST', `/lessons/${first!.id}/generate-content`);
  await api.call('GET', `/lessons/${first!.id}/content-status?waitMs=60000`);
  return { learner, goalId, lessonIds: [first!.id, second!.id] };
}

// The pages only read this learner's data, so one learner with a goal, a roadmap and two linked notes per
// worker serves every route instead of a roadmap generated per test.
const test = base.extend<{ withPlan: LearnerWithPlan }, { sharedPlan: LearnerWithPlan }>({
  sharedPlan: [
    async ({ playwright }, use) => {
      const request = await playwright.request.newContext();
      const shared = await learnerWithPlan(request);
      const api = apiFor(request, E2E_BASE_URL, shared.learner);
      await api.call('POST', '/notes', {
        title: 'Ownership',
        content: 'Each value has one owner. [[Borrowing]] #rust',
      });
      await api.call('POST', '/notes', { title: 'Borrowing', content: 'A reference borrows a value. #rust' });
      await use(shared);
      await request.dispose();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  withPlan: async ({ page, sharedPlan }, use) => {
    await signIn(page, sharedPlan.learner);
    await use(sharedPlan);
  },
});

function pathFor(pattern: string, { goalId, lessonIds }: LearnerWithPlan): string {
  const params: Record<string, string> = { goalId, lessonId: lessonIds[0] };
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (!value) throw new Error(`no value for the route parameter :${name} of ${pattern}`);
    return value;
  });
}

async function openDialog(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible({ timeout: 60_000 });
  await settled(page);
}

const visitorRoutes = ROUTES.filter((r) => r.access !== 'auth');
const learnerRoutes = ROUTES.filter((r) => r.access === 'auth');

// Each route in both themes from one page load: the second theme through the page's theme switch, as a
// learner changes it (a second load per route only repeated the first). Whether focus shows does not depend
// on the theme's colours: tabbing through each route once is enough.
for (const route of visitorRoutes) {
  test(`${route.path} as a visitor, in both themes`, async ({ page }) => {
    test.setTimeout(120_000);
    await startInTheme(page, 'dark');
    await page.goto(route.path);
    await settled(page);
    await expectNoSeriousViolations(page, `${route.path} (dark)`);
    await expectVisibleFocus(page, route.path);
    await switchTheme(page, 'light');
    await expectNoSeriousViolations(page, `${route.path} (light)`);
  });
}

for (const route of learnerRoutes) {
  test(`${route.path} as a learner with a goal and a roadmap, in both themes`, async ({ page, withPlan }) => {
    test.setTimeout(180_000);
    await startInTheme(page, 'dark');
    await page.goto(pathFor(route.path, withPlan));
    await settled(page);
    await expectNoSeriousViolations(page, `${route.path} (dark)`);
    await expectVisibleFocus(page, route.path);
    await switchTheme(page, 'light');
    await expectNoSeriousViolations(page, `${route.path} (light)`);
  });
}

/** axe in the dark theme, then in the light one through the page's switch, with what was opened still open. */
async function inBothThemes(page: Page, what: string, opened: Locator) {
  await expectNoSeriousViolations(page, `${what} (dark)`);
  await switchTheme(page, 'light');
  await expect(opened).toBeVisible();
  await expectNoSeriousViolations(page, `${what} (light)`);
}

// Views opened without a modal dialog: both themes from one page load, as the routes above. Modal dialogs
// cover the theme switch, so those below are opened once per theme.
test('a review card with its answer shown and the grade buttons, in both themes', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await startInTheme(page, 'dark');
  const learner = await registerLearner(request);
  await apiFor(request, E2E_BASE_URL, learner).call('POST', '/notes', {
    title: 'Rust',
    content: 'What does the borrow checker enforce? :: One writer or many readers',
  });
  await signIn(page, learner);
  await page.goto('/review');
  await page.getByRole('button', { name: 'Show answer' }).click();
  await expect(page.getByRole('button', { name: /^Easy/ })).toBeVisible();
  await settled(page);
  await inBothThemes(page, 'review card', page.getByRole('button', { name: /^Easy/ }));
});

test('the note editor, in both themes', async ({ page, withPlan: _signedIn }) => {
  test.setTimeout(180_000);
  await startInTheme(page, 'dark');
  await page.goto('/knowledge-graph');
  await settled(page);
  await page.getByRole('button', { name: 'New note' }).click();
  await expect(page.getByRole('form', { name: 'New note' })).toBeVisible();
  await inBothThemes(page, 'note editor', page.getByRole('form', { name: 'New note' }));
});

// the canvas is drawn pixels axe cannot read; its notes are offered as a keyboard list, which axe checks
test('the knowledge graph view, in both themes', async ({ page, withPlan: _signedIn }) => {
  test.setTimeout(180_000);
  await startInTheme(page, 'dark');
  await page.goto('/knowledge-graph');
  await settled(page);
  await page.getByRole('button', { name: 'Graph', exact: true }).click();
  await expect(page.getByRole('img', { name: /^Graph of 2 notes and 1 connection/ })).toBeVisible();
  await inBothThemes(
    page,
    'knowledge graph',
    page.getByRole('img', { name: /^Graph of 2 notes and 1 connection/ }),
  );
});

test('the focus timer, open with its settings, in both themes', async ({ page, withPlan: _signedIn }) => {
  test.setTimeout(180_000);
  await startInTheme(page, 'dark');
  await page.goto('/goals');
  await settled(page);
  await page.getByRole('button', { name: /^Focus timer: / }).click();
  const timer = page.getByRole('region', { name: 'Focus timer' });
  await timer.getByText('Timer settings').click();
  await timer.getByText('Keyboard shortcuts').click();
  await timer.getByLabel('Focus (minutes)').fill('0');
  await expect(timer.getByText('This value is ignored.')).toBeVisible();
  await settled(page);
  await inBothThemes(page, 'focus timer', timer.getByText('This value is ignored.'));
});

test('the learning plan in Edit mode (a rename, Move to…) with the schedule form open, in both themes', async ({
  page,
  withPlan,
}) => {
  test.setTimeout(180_000);
  await startInTheme(page, 'dark');
  await page.goto(`/learning-plan/${withPlan.goalId}`);
  await settled(page);
  await page.getByRole('button', { name: 'Set a schedule' }).click();
  await page.getByRole('button', { name: 'Edit plan' }).click();
  await page.getByRole('button', { name: 'Move to…' }).first().click();
  await page.getByRole('button', { name: 'Rename' }).nth(1).click();
  await page.getByRole('textbox', { name: /Lesson title|Milestone name/ }).fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('A title is required.')).toBeVisible();
  await settled(page);
  await inBothThemes(page, 'plan in Edit mode', page.getByText('A title is required.'));
});

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(({ page }) => startInTheme(page, theme));

    test('the new-goal wizard: its first step and the knowledge assessment step', async ({
      page,
      request,
    }) => {
      await signIn(page, await registerLearner(request));
      await page.goto('/goals');
      await page.getByRole('button', { name: 'Add New Goal' }).click();
      const wizard = page.getByRole('dialog');
      await expect(wizard.getByLabel('What do you want to learn?')).toBeVisible();
      await expectNoSeriousViolations(page, `wizard step 1 (${theme})`);
      await wizard.getByLabel('What do you want to learn?').fill('Learn the Rust programming language');
      // closing with input asks first; Close & Lose Progress is a danger button: white on the danger fill
      await wizard.getByRole('button', { name: 'Close dialog' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm.getByRole('button', { name: 'Close & Lose Progress' })).toBeVisible();
      await expectNoSeriousViolations(page, `wizard close confirmation (${theme})`);
      await confirm.getByRole('button', { name: 'Keep Working' }).click();
      await wizard.getByRole('radio', { name: /^Beginner/ }).check();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await openDialog(page, 'Knowledge assessment');
      await expectNoSeriousViolations(page, `wizard knowledge assessment (${theme})`);
    });

    test('the goal limit dialog', async ({ page, withPlan: _signedIn }) => {
      await page.goto('/goals');
      await page.getByRole('button', { name: 'Add New Goal' }).click();
      await openDialog(page, 'Goal Limit Reached');
      await expectNoSeriousViolations(page, `Goal Limit Reached (${theme})`);
    });

    test("the free plan's lesson limit dialog", async ({ page, request }) => {
      test.setTimeout(180_000);
      const own = await learnerWithPlan(request);
      await apiFor(request, E2E_BASE_URL, own.learner).completeLesson(own.lessonIds[0]);
      await signIn(page, own.learner);
      await page.goto(`/lessons/${own.lessonIds[1]}`);
      await openDialog(page, 'Free Plan Limit Reached');
      await expectNoSeriousViolations(page, `Free Plan Limit Reached (${theme})`);
    });

    test('the Regenerate lesson dialog', async ({ page, withPlan }) => {
      await page.goto(`/lessons/${withPlan.lessonIds[0]}`);
      const regenerate = page.getByRole('button', { name: 'Regenerate lesson' });
      await expect(regenerate).toBeVisible({ timeout: 60_000 });
      await regenerate.click();
      await openDialog(page, 'Regenerate lesson');
      await page.getByRole('textbox', { name: 'Instruction (optional)' }).fill('more examples');
      await expectNoSeriousViolations(page, `Regenerate lesson dialog (${theme})`);
    });

    test("the welcome screen, the older goal modal and the settings' Goals tab", async ({
      page,
      request,
    }) => {
      const learner = await registerLearner(request);
      await signIn(page, learner);
      // a learner with no goal meets the welcome once per session; signIn marks it met, so unmark it
      await page.addInitScript(() => sessionStorage.removeItem('mindpath.welcomeShown'));
      await page.goto('/home');
      await openDialog(page, 'Welcome to the new era of your intelligence');
      await expectNoSeriousViolations(page, `welcome screen (${theme})`);
      // skip what is left of its 7 s (on a slow run it may have ended already; Escape would close the modal)
      const welcome = page.getByRole('dialog', { name: 'Welcome to the new era of your intelligence' });
      if (await welcome.isVisible()) await page.keyboard.press('Escape');
      await openDialog(page, 'Set your learning goal');
      await expectNoSeriousViolations(page, `older goal modal (${theme})`);
      await page.getByRole('dialog').getByRole('button', { name: 'Close dialog' }).click();
      await page.evaluate(() => sessionStorage.setItem('mindpath.welcomeShown', 'true'));
      await page.goto('/settings', { waitUntil: 'commit' });
      await page.evaluate(() =>
        history.replaceState({ usr: { activeTab: 'goals' }, key: 'a11y', idx: 0 }, ''),
      );
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Goals' })).toHaveAttribute('aria-selected', 'true');
      await settled(page);
      await expectNoSeriousViolations(page, `settings Goals tab (${theme})`);
    });

    test('the tutor on the learning plan', async ({ page, withPlan }) => {
      await page.goto(`/learning-plan/${withPlan.goalId}`);
      await settled(page);
      await page.getByRole('button', { name: 'Open AI tutor' }).click();
      await openDialog(page, 'AI tutor');
      await expectNoSeriousViolations(page, `AI tutor (${theme})`);
    });
  });
}
