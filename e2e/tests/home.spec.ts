import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from '../src/env.ts';
import { registerLearner, signIn } from '../src/learner.ts';
import { apiFor } from '../src/plan.ts';

// The home dashboard through the one URL: a learner with a roadmap and a completed lesson sees their progress,
// the lesson to continue, their goal, streak, focus time and reviews due, and every link goes where spec 2 §2
// says.

const panel = (page: Page, name: string) => page.getByRole('region', { name });

/** A new learner with a goal and its generated roadmap; the roadmap's lessons in plan order. */
async function learnerWithRoadmap(request: APIRequestContext, goal: string) {
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  const goalId = await api.createGoal(goal);
  const plan = await api.generateRoadmap(goalId);
  const lessons = plan.roadmaps.flatMap((r) => plan.lessonsForRoadmaps[r.id] ?? []);
  return { learner, api, goalId, lessons };
}

test('the dashboard shows progress, the next lesson, the goal and the streak; every link leads on', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { learner, api, goalId, lessons } = await learnerWithRoadmap(
    request,
    'Learn the Rust programming language',
  );
  await api.completeLesson(lessons[0]!.id);
  // a focus session of 25 minutes, as the timer records it
  await api.call('POST', '/pomodoro/sessions', {
    clientId: `e2e-${learner.username}`,
    completedAt: new Date().toISOString(),
    duration: 25 * 60,
  });
  await signIn(page, learner);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/home$/);
  const progress = panel(page, 'Learning Progress');
  const percent = Math.round(100 / lessons.length);
  await expect(progress.getByText(`${percent}%`, { exact: true })).toBeVisible();
  await expect(progress.getByText(`1 / ${lessons.length}`)).toBeVisible();
  await expect(panel(page, 'Current Lesson').getByText(lessons[1]!.title)).toBeVisible();
  const goal = panel(page, 'Active Goal');
  await expect(goal.getByText('Learn the Rust programming language')).toBeVisible();
  await expect(goal.getByText(`1 of ${lessons.length} lessons`, { exact: false })).toBeVisible();
  // the current and the longest streak
  await expect(panel(page, 'Streak').getByText('1 day', { exact: true })).toHaveCount(2);
  const today = '1 lesson, 25 focus minutes';
  await expect(panel(page, 'Streak').getByText(today, { exact: true })).toBeVisible();
  const focus = panel(page, 'Focus');
  await expect(focus.getByText('25 minutes', { exact: true }).first()).toBeVisible();
  await expect(focus.getByRole('table', { name: 'Focus minutes, last 7 days' })).toContainText('25 minutes');
  const activity = panel(page, 'Activity');
  await expect(activity.getByText('2 activities in the last 26 weeks', { exact: true })).toBeVisible();
  // the heatmap's numbers for a screen reader: today's cell says what happened
  await expect(activity.getByRole('table').getByRole('cell', { name: today })).toHaveCount(1);

  const goesTo = async (panelName: string, link: string | RegExp, url: RegExp) => {
    await page.goto('/home');
    await panel(page, panelName).getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(url);
  };
  await goesTo('Current Lesson', 'Continue', new RegExp(`/lessons/${lessons[1]!.id}$`));
  await goesTo('Active Goal', 'Manage Goals', /\/goals$/);
  await goesTo('Active Goal', 'Continue Learning', new RegExp(`/learning-plan/${goalId}$`));
  // a quick action's name is its label and its hint
  await goesTo('Quick Actions', /^Goals/, /\/goals$/);
  await goesTo('Quick Actions', /^Learning Plan/, /\/learning-plan$/);
  await goesTo('Quick Actions', /^Knowledge Base/, /\/knowledge-graph$/);
  await page.goto('/today');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/roadmap');
  await expect(page).toHaveURL(/\/learning-plan$/);
});

test('the Review panel: cards due now, Start review, and a card reviewed counts on home', async ({
  page,
  request,
}) => {
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  await api.call('POST', '/notes', { title: 'Capitals', content: '- Capital of France :: Paris' });
  await signIn(page, learner);
  await page.goto('/home');
  const review = panel(page, 'Review');
  await expect(review.getByText('1 card', { exact: true }).first()).toBeVisible();
  await expect(review.getByText('due now', { exact: true })).toBeVisible();
  await expect(review.getByRole('table', { name: 'Cards coming due, next 7 days' })).toContainText('1 card');
  await review.getByRole('link', { name: 'Start review' }).click();
  await expect(page).toHaveURL('/review');
  await expect(page.getByTestId('review-card').getByRole('heading', { level: 2 })).toHaveText(
    'Capital of France',
  );
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect(page.getByRole('region', { name: 'Review done' })).toBeVisible();

  await page.goto('/home');
  await expect(review.getByText(/^Nothing to review now\. The next card is due /)).toBeVisible();
  await expect(review.getByRole('link', { name: 'Start review' })).toHaveCount(0);
  await expect(review.getByText('reviewed today', { exact: true })).toBeVisible();
  // the grade is the day's activity: a streak of one day
  await expect(panel(page, 'Streak').getByText('1 review', { exact: true })).toBeVisible();
  await expect(panel(page, 'Streak').getByText('1 day', { exact: true })).toHaveCount(2);
});

test('a learner with every lesson done is sent to the learning plan from Current Lesson', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { learner, api, lessons } = await learnerWithRoadmap(request, 'Learn SQL');
  for (const lesson of lessons) await api.completeLesson(lesson.id);
  await signIn(page, learner);
  await page.goto('/home');
  await expect(panel(page, 'Learning Progress').getByText('100%', { exact: true })).toBeVisible();
  const current = panel(page, 'Current Lesson');
  // every lesson so far is done: the goal is complete, or the plan brings the next milestone's lessons
  await expect(
    current.getByText(
      /^(You have completed every lesson of your active goal|Your learning plan shows what comes next)\.$/,
    ),
  ).toBeVisible();
  await current.getByRole('link', { name: 'Go to Learning Plan' }).click();
  await expect(page).toHaveURL(/\/learning-plan$/);
});

test('a new learner logs in: the welcome, the older goal modal, its quiz with Previous, then home with the goal', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const learner = await registerLearner(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(page).toHaveURL(/\/home$/);

  const welcome = page.getByRole('dialog', { name: 'Welcome to the new era of your intelligence' });
  await expect(welcome).toBeVisible();
  await expect(welcome.getByText('Welcome to the new era of your intelligence')).toBeVisible();
  // Escape skips what is left of its 7 s (on a slow run it may have ended already: Escape would close the modal)
  if (await welcome.isVisible()) await page.keyboard.press('Escape');
  await expect(welcome).toBeHidden();

  const modal = page.getByRole('dialog', { name: 'Set your learning goal' });
  const create = modal.getByRole('button', { name: 'Create Goal' });
  await expect(create).toBeDisabled();
  await modal.getByLabel('What do you want to learn?').fill('   ');
  await expect(create).toBeDisabled();
  await modal.getByLabel('What do you want to learn?').fill('Learn SQL');
  await modal.getByLabel('Level').selectOption('Practitioner');
  await create.click();

  const prompt = page.getByRole('dialog', { name: 'Take a quick assessment?' });
  await expect(prompt.getByRole('button', { name: 'Skip Assessment' })).toBeVisible();
  await prompt.getByRole('button', { name: 'Take Assessment' }).click();
  const quiz = page.getByRole('dialog', { name: 'Knowledge assessment' });
  const first = quiz.getByText(/^Question 1 of \d+$/);
  await expect(first).toBeVisible({ timeout: 60_000 });
  const total = Number(/of (\d+)/.exec((await first.textContent()) ?? '')?.[1]);
  const answer = async () => {
    const radios = quiz.getByRole('radio');
    if ((await radios.count()) > 0) await radios.first().check();
    else await quiz.getByRole('textbox').fill('I have written a few queries with joins.');
  };
  await expect(quiz.getByRole('button', { name: 'Previous' })).toBeDisabled();
  for (let i = 1; i <= total; i++) {
    await expect(quiz.getByText(`Question ${i} of ${total}`, { exact: true })).toBeVisible();
    await answer();
    if (i === 2) {
      // Previous goes back a question and keeps its answer
      await quiz.getByRole('button', { name: 'Previous' }).click();
      await expect(quiz.getByText(`Question 1 of ${total}`, { exact: true })).toBeVisible();
      await expect(quiz.getByRole('button', { name: 'Next' })).toBeEnabled();
      await quiz.getByRole('button', { name: 'Next' }).click();
      await expect(quiz.getByText(`Question 2 of ${total}`, { exact: true })).toBeVisible();
    }
    await quiz.getByRole('button', { name: i === total ? 'Submit' : 'Next' }).click();
  }
  await expect(page.getByRole('dialog', { name: 'Assessment Complete' })).toBeVisible();
  // /dashboard after 2 s, which leads home
  await expect(page).toHaveURL(/\/home$/, { timeout: 10_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const goal = panel(page, 'Active Goal');
  await expect(goal.getByText('Learn SQL', { exact: true })).toBeVisible();
  await expect(goal.getByText('Practitioner', { exact: true })).toBeVisible();
  // the roadmap started in the background: building, or already built with a lesson to continue
  await expect(
    goal
      .getByText('Building your roadmap…')
      .or(panel(page, 'Current Lesson').getByRole('link', { name: 'Continue' })),
  ).toBeVisible({ timeout: 60_000 });
  await expect(panel(page, 'Current Lesson').getByRole('link', { name: 'Continue' })).toBeVisible({
    timeout: 120_000,
  });

  // once per session: home again shows no welcome
  await page.reload();
  await expect(panel(page, 'Active Goal').getByText('Learn SQL', { exact: true })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("Change goal opens the settings' Goals tab, which changes the active goal", async ({
  page,
  request,
}) => {
  const learner = await registerLearner(request);
  await apiFor(request, E2E_BASE_URL, learner).createGoal('Learn the Rust programming language');
  await signIn(page, learner);
  await page.goto('/home');
  await panel(page, 'Active Goal').getByRole('link', { name: 'Change goal' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('tab', { name: 'Goals' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('current-goal')).toHaveText('Learn the Rust programming language');

  await page.getByRole('button', { name: 'Change Goal' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a goal description');
  await page.getByLabel('Goal description').fill('Learn Zig');
  await page.getByLabel('Difficulty').selectOption('Advanced');
  await page.getByRole('button', { name: 'Change Goal' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Goal changed' })).toBeVisible();
  await expect(page.getByTestId('current-goal')).toHaveText('Learn Zig');

  // neither the prefix nor the suffix shows anywhere
  await page.goto('/home');
  const goal = panel(page, 'Active Goal');
  await expect(goal.getByText('Learn Zig', { exact: true })).toBeVisible();
  await expect(goal.getByText('Advanced', { exact: true })).toBeVisible();
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Goals' })).toHaveCount(0);
});
