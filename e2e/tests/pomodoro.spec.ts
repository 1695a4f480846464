// The focus timer through the one URL, in Chromium, with Playwright's clock moving time (never real waits):
// focus → reload mid-focus → focus ends (beeps, in-app and system notification, the session recorded for the
// lesson open) → break → Skip → focus; two tabs, one timer and one session; settings read back after a
// reload and kept locally while the server is down; sessions sent once the server is back; the widget clear
// of the tutor and of the page's last row.
import type { PomodoroStats } from '@mindpath/contracts/pomodoro';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from '../src/env.ts';
import { boxOf, overlaps } from '../src/geometry.ts';
import { type Learner, registerLearner, signIn } from '../src/learner.ts';
import { apiFor } from '../src/plan.ts';

const START = new Date('2026-03-11T09:00:00Z');
/** START plus some minutes */
const at = (minutes: number) => new Date(START.getTime() + minutes * 60_000);

/** Counts the 1000 Hz beeps started and the system notifications shown, without changing either. */
async function observeSoundAndNotifications(context: BrowserContext) {
  await context.grantPermissions(['notifications'], { origin: E2E_BASE_URL });
  await context.addInitScript(() => {
    const seen = { beeps: 0, notifications: [] as string[] };
    Object.assign(window, { __pomodoro: seen });
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) {
      if (this.frequency.value === 1000) seen.beeps += 1;
      return start.apply(this, args);
    };
    const Real = window.Notification;
    window.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        seen.notifications.push(options?.body ?? title);
      }
    } as typeof Notification;
  });
}
const observed = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __pomodoro: { beeps: number; notifications: string[] } }).__pomodoro,
  );

/** A learner with a goal and its roadmap, and the plan's first lesson. */
async function learnerWithLesson(request: APIRequestContext) {
  const learner = await registerLearner(request);
  const api = apiFor(request, E2E_BASE_URL, learner);
  const goalId = await api.createGoal('Learn the Rust programming language');
  const plan = await api.generateRoadmap(goalId);
  return { learner, goalId, lesson: plan.lessonsForRoadmaps[plan.roadmaps[0]!.id]![0]! };
}

const pill = (page: Page) => page.getByRole('button', { name: /^Focus timer: / });
const panel = (page: Page) => page.getByRole('region', { name: 'Focus timer' });
const clock = (page: Page) => panel(page).getByRole('timer');

async function stats(request: APIRequestContext, learner: Learner) {
  return apiFor(request, E2E_BASE_URL, learner).call<PomodoroStats>('GET', '/pomodoro/stats');
}

test('focus through a reload, its end (beeps, notifications, the session for the lesson), a break, Skip', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { learner, goalId, lesson } = await learnerWithLesson(request);
  await observeSoundAndNotifications(context);
  await page.clock.install({ time: START });
  await signIn(page, learner);
  await page.goto(`/lessons/${lesson.id}`);
  await expect(pill(page)).toBeVisible();
  // from here time moves only when the test moves it: focus starts at START + 1 min exactly
  await page.clock.pauseAt(at(1));

  await pill(page).click();
  await expect(clock(page)).toHaveText('25:00');
  await expect(panel(page).getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await panel(page).getByRole('button', { name: 'Start' }).click();
  await page.clock.fastForward('10:00');
  await expect(clock(page)).toHaveText('15:00');
  await expect(page).toHaveTitle(/^15:00 Focus · /);

  // a reload mid-focus (the page loads with time flowing; a minute has passed when it is looked at again):
  // the time left is the time left, still running, panel still open
  await page.clock.resume();
  await page.reload();
  await expect(clock(page)).toBeVisible();
  await page.clock.pauseAt(at(12));
  await expect(clock(page)).toHaveText('14:00');
  await expect(panel(page).getByRole('button', { name: 'Pause' })).toBeVisible();

  await page.clock.fastForward('14:00');
  await expect(panel(page).getByText(/^Short Break/)).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'Focus session complete. Time for a short break.' }),
  ).toBeVisible();
  await expect.poll(async () => (await observed(page)).beeps).toBe(3);
  expect((await observed(page)).notifications).toEqual(['Focus session complete. Time for a short break.']);
  await expect.poll(async () => (await stats(request, learner)).totalSessions).toBe(1);
  const after = await stats(request, learner);
  expect(after.lessons).toEqual([
    { lessonId: lesson.id, title: lesson.title, goalId, minutes: 25, sessions: 1 },
  ]);
  expect(after.goals).toMatchObject([{ goalId, minutes: 25, sessions: 1 }]);

  // the in-app notification closes after 5 s
  await page.clock.fastForward('00:06');
  await expect(page.getByRole('status').filter({ hasText: 'Focus session complete' })).toHaveCount(0);

  await panel(page).getByRole('button', { name: 'Skip' }).click();
  await expect(panel(page).getByText('Focus · Session 2 of 4')).toBeVisible();
  await expect(panel(page).getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await expect(clock(page)).toHaveText('25:00');
  expect((await stats(request, learner)).totalSessions).toBe(1);

  // the learning plan shows the lesson's focus minutes beside it
  await page.clock.resume();
  await page.goto(`/learning-plan/${goalId}`);
  const row = page
    .getByRole('list', { name: /^Lessons of / })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: `Start Lesson: ${lesson.title}` }) });
  await expect(row).toContainText('25 min focused');
});

test('two tabs show one timer and record one session', async ({ context, request }) => {
  const learner = await registerLearner(request);
  await context.clock.install({ time: START });
  const [a, b] = [await context.newPage(), await context.newPage()];
  for (const page of [a, b]) {
    await signIn(page, learner);
    await page.goto('/goals');
    await expect(pill(page)).toBeVisible();
  }
  await pill(a).click();
  await panel(a).getByRole('button', { name: 'Start' }).click();
  await a.clock.fastForward('05:00');
  await expect(pill(b)).toHaveAccessibleName(/^Focus timer: 20:00 Focus\./);
  await a.clock.fastForward('20:00');
  await expect(pill(b)).toHaveAccessibleName(/Short Break/);
  await expect(panel(a).getByText(/^Short Break/)).toBeVisible();
  await expect.poll(async () => (await stats(request, learner)).totalSessions).toBe(1);
  await a.clock.fastForward('01:00');
  expect((await stats(request, learner)).totalSessions).toBe(1);
});

test('settings are read back after a reload; with the server down they are kept locally and sessions wait', async ({
  page,
  request,
}) => {
  const learner = await registerLearner(request);
  await page.clock.install({ time: START });
  await signIn(page, learner);
  await page.goto('/goals');
  await pill(page).click();
  await panel(page).getByText('Timer settings').click();
  const focus = panel(page).getByLabel('Focus (minutes)');
  await focus.fill('0');
  await expect(
    panel(page).getByText('Enter a whole number from 1 to 60. This value is ignored.'),
  ).toBeVisible();
  await focus.fill('2');
  await panel(page).getByLabel('Sessions before a long break').fill('11');
  await panel(page).getByRole('button', { name: 'Save settings' }).click();
  await expect(panel(page).getByText('Settings saved.')).toBeVisible();
  const saved = await apiFor(request, E2E_BASE_URL, learner).call('GET', '/pomodoro/settings');
  expect(saved).toEqual({
    focusDuration: 2,
    shortBreakDuration: 5,
    longBreakDuration: 15,
    sessionsBeforeLongBreak: 4,
  });
  await page.reload();
  await panel(page).getByText('Timer settings').click();
  await expect(panel(page).getByLabel('Focus (minutes)')).toHaveValue('2');
  await expect(clock(page)).toHaveText('02:00');

  // the server down: settings saved here only, a finished focus waits, then goes once the server is back
  const down = '**/api/pomodoro/**';
  await page.route(down, (route) => route.abort('connectionrefused'));
  await panel(page).getByLabel('Short break (minutes)').fill('3');
  await panel(page).getByRole('button', { name: 'Save settings' }).click();
  await expect(
    panel(page).getByText('Settings saved on this device only: the server could not be reached.'),
  ).toBeVisible();
  // from here time moves only when the test moves it: a loaded machine otherwise lets the break tick past
  // 03:00 before it is read
  await page.clock.pauseAt(at(10));
  await panel(page).getByRole('button', { name: 'Start' }).click();
  await page.clock.fastForward('02:00');
  await expect(panel(page).getByText(/^Short Break/)).toBeVisible();
  await expect(clock(page)).toHaveText('03:00');
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem('mindpath.pomodoroPending') ?? '[]').length),
    )
    .toBe(1);
  expect((await stats(request, learner)).totalSessions).toBe(0);
  await page.unroute(down);
  await page.clock.fastForward('00:30');
  await expect.poll(async () => (await stats(request, learner)).totalSessions).toBe(1);
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(localStorage.getItem('mindpath.pomodoroPending') ?? '[]').length),
    )
    .toBe(0);
});

for (const width of [1280, 850, 390]) {
  test(`at ${width} px the timer keeps clear of the tutor and, collapsed, of the lesson page's last row`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { learner, lesson } = await learnerWithLesson(request);
    await page.setViewportSize({ width, height: 720 });
    await signIn(page, learner);
    // the lesson page: its last row holds links to resources and books
    await page.goto(`/lessons/${lesson.id}`);
    await expect(page.getByRole('link', { name: 'Take Assessment' })).toBeVisible({ timeout: 60_000 });
    const tutor = page.getByRole('button', { name: 'Open AI tutor' });
    await expect(tutor).toBeVisible();
    await expect(pill(page)).toBeVisible();
    expect(overlaps(await boxOf(pill(page)), await boxOf(tutor))).toBe(false);
    // scrolled to its end, the page's last control sits above the collapsed timer
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const main = page.getByRole('main');
    const controls = main.locator('button:visible, a:visible, input:visible, [role="tab"]:visible');
    const pillBox = await boxOf(pill(page));
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      if (box)
        expect(overlaps(box, pillBox), await control.evaluate((e) => e.outerHTML.slice(0, 80))).toBe(false);
    }
    await pill(page).click();
    const panelBox = await boxOf(panel(page));
    expect(overlaps(panelBox, await boxOf(tutor))).toBe(false);
    expect(panelBox.x).toBeGreaterThanOrEqual(0);
    expect(panelBox.y).toBeGreaterThanOrEqual(0);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(width);
  });
}
