import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { signIn } from '../src/learner.ts';
import { learnerWithRoadmap } from '../src/plan.ts';

// A schedule in Chromium through the one URL: 3 hours a week on the learner's days gives each lesson a
// planned day; the .ics download parses as iCalendar with one session per planned day; home says what is
// planned for today; the calendar feed turned on in Settings serves the same sessions to anyone with its link.

const DAY = /^\d{4}-\d{2}-\d{2}T18:30:00$/;

test('set 3 hours a week, see planned days, download the .ics and subscribe to the feed', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { learner, goalId, plan } = await learnerWithRoadmap(request);
  await signIn(page, learner);
  await page.goto(`/learning-plan/${goalId}`);

  const panel = page.getByRole('region', { name: 'Schedule' });
  await panel.getByRole('button', { name: 'Set a schedule' }).click();
  await panel.getByRole('spinbutton', { name: 'Hours a week' }).fill('3');
  await panel.getByLabel('Session time').fill('18:30');
  // every day, so today is a study day whatever day the suite runs on
  for (const day of ['Saturday', 'Sunday']) await panel.getByRole('checkbox', { name: day }).check();
  await panel.getByRole('button', { name: 'Save schedule' }).click();
  await expect(panel.getByText('On track')).toBeVisible();
  await expect(panel.getByText('3 h a week · Every day at 18:30')).toBeVisible();

  // the first milestone's lessons have days; the first is planned for today
  const s1 = plan.roadmaps[0]!;
  const lessons = page.getByRole('list', { name: `Lessons of ${s1.name}` });
  await expect(lessons.getByRole('listitem').first()).toContainText('Planned for today');
  await expect(lessons.getByText(/Planned \w{3}, \w{3} \d+/).first()).toBeVisible();

  // the download: iCalendar, one floating 18:30 session per planned day
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download .ics' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('mindpath-study-plan.ics');
  const ics = await readFile((await download.path())!, 'utf8');
  const events = new ICAL.Component(ICAL.parse(ics))
    .getAllSubcomponents('vevent')
    .map((v) => new ICAL.Event(v));
  expect(events.length).toBeGreaterThan(3);
  expect(events.every((e) => DAY.test(e.startDate.toString()))).toBe(true);
  expect(events[0]!.description).toContain(plan.lessonsForRoadmaps[s1.id]![0]!.title);

  // home's Current Lesson says what is planned for today
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(
    page.getByRole('region', { name: 'Current Lesson' }).getByText(/^Planned for today: /),
  ).toBeVisible();

  // the feed, from the plan's link to Settings: on, then read without any login, as a calendar app does
  await page.goto(`/learning-plan/${goalId}`);
  await panel.getByRole('link', { name: 'Calendar feed in Settings' }).click();
  const feed = page.getByRole('region', { name: 'Calendar feed' });
  await feed.getByRole('button', { name: 'Turn on calendar feed' }).click();
  const url = await feed.getByRole('textbox', { name: 'Calendar link' }).inputValue();
  const subscribed = await request.get(url);
  expect(subscribed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(new ICAL.Component(ICAL.parse(await subscribed.text())).getAllSubcomponents('vevent')).toHaveLength(
    events.length,
  );
  await feed.getByRole('button', { name: 'Turn off' }).click();
  await expect(feed.getByRole('button', { name: 'Turn on calendar feed' })).toBeVisible();
  expect((await request.get(url)).status()).toBe(404);
});
