import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from '../src/env.ts';
import { registerLearner, signIn } from '../src/learner.ts';
import { apiFor } from '../src/plan.ts';

// The home dashboard through the one URL: a learner with a roadmap and a completed lesson sees their progress,
// the lesson to continue, their goal, streak and focus time, and every link goes where spec 2 §2 says.

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
