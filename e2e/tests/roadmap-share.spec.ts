import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, settled, switchTheme } from '../src/axe.ts';
import { newCredentials, signIn } from '../src/learner.ts';
import { learnerWithRoadmap } from '../src/plan.ts';

// Sharing a roadmap in Chromium through the one URL: the owner makes the link on the plan page; a visitor
// (another browser context, logged out) gets HTML that already holds the roadmap with its Open Graph tags,
// sees it in the public layout, uses it: registers, comes back, and lands on their own copy of the plan.
// The owner stops sharing: the link's page says it is gone.

/** the app starts dark: light first, then back */
const BOTH_THEMES = ['light', 'dark'] as const;

test('share a roadmap, open it logged out, use it as a new learner', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const { learner, goalId, plan } = await learnerWithRoadmap(request);
  await signIn(page, learner);
  await page.goto(`/learning-plan/${goalId}`);

  const panel = page.getByRole('region', { name: 'Share this roadmap' });
  // the plan of 24 lessons takes its time on a busy machine
  await expect(panel).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText('Only you can see this roadmap.')).toBeVisible();
  await panel.getByRole('checkbox', { name: /Show my progress/ }).check();
  await panel.getByRole('button', { name: 'Share roadmap' }).click();
  const field = panel.getByRole('textbox', { name: 'Link' });
  await expect(field).toHaveValue(/\/share\/[A-Za-z0-9_-]{22}$/);
  const link = await field.inputValue();
  await expect(panel.getByRole('checkbox', { name: /Show my progress/ })).toBeChecked();
  for (const theme of BOTH_THEMES) {
    await switchTheme(page, theme);
    await expectNoSeriousViolations(page, `share panel (${theme})`);
  }

  // the server's HTML already holds the roadmap, its title and Open Graph tags
  const html = await (await request.get(link, { headers: { accept: 'text/html' } })).text();
  const firstSection = plan.roadmaps[0]!;
  const firstLesson = plan.lessonsForRoadmaps[firstSection.id]![0]!;
  expect(html).toMatch(
    /<meta property="og:title" content="Learn the Rust programming language — a shared roadmap on Mindpath">/,
  );
  expect(html).toMatch(
    /<meta property="og:description" content="A beginner learning roadmap: \d+ sections and \d+ lessons/,
  );
  expect(html).toContain(`<meta property="og:url" content="${link}">`);
  expect(html).toContain('<h1');
  expect(html).toContain(firstLesson.title.replace(/&/g, '&amp;').replace(/</g, '&lt;'));

  // a visitor in a browser of their own
  const visitor = await browser.newContext();
  const guest = await visitor.newPage();
  await guest.goto(link);
  await settled(guest);
  await expect(guest).toHaveTitle('Learn the Rust programming language — a shared roadmap on Mindpath');
  await expect(
    guest.getByRole('heading', { level: 1, name: 'Learn the Rust programming language' }),
  ).toBeVisible();
  await expect(guest.getByRole('heading', { level: 2, name: firstSection.name })).toBeVisible();
  await expect(guest.getByText(firstLesson.title).first()).toBeVisible();
  await expect(guest.getByText(/0 of \d+ lessons completed \(0%\)/)).toBeVisible();
  // the public layout: its header and footer
  await expect(
    guest.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Log in' }),
  ).toBeVisible();
  await expect(guest.getByRole('navigation', { name: 'Footer' })).toBeVisible();
  for (const theme of BOTH_THEMES) {
    await switchTheme(guest, theme);
    await settled(guest);
    await expectNoSeriousViolations(guest, `shared roadmap (${theme})`);
  }
  await guest.setViewportSize({ width: 850, height: 900 });
  await expect(guest.getByRole('button', { name: 'Use this roadmap' })).toBeInViewport();

  // Use this roadmap → register → back → the copy's plan
  await guest.getByRole('button', { name: 'Use this roadmap' }).click();
  await expect(guest).toHaveURL(/\/register$/);
  const creds = newCredentials();
  await guest.getByLabel('Username').fill(creds.username);
  await guest.getByLabel('Email').fill(creds.email);
  await guest.getByLabel('Password', { exact: true }).fill(creds.password);
  await guest.getByRole('checkbox', { name: /terms/i }).check();
  await guest.getByRole('button', { name: /create account|sign up|register/i }).click();
  await expect(guest).toHaveURL(/\/learning-plan\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  const copyId = guest.url().split('/').pop()!;
  expect(copyId).not.toBe(goalId);
  await expect(guest.getByText(firstSection.name).first()).toBeVisible();
  await expect(guest.getByText(firstLesson.title).first()).toBeVisible();
  await visitor.close();

  // the owner stops sharing: the link is gone
  await page.goto(`/learning-plan/${goalId}`);
  await panel.getByRole('button', { name: 'Stop sharing' }).click({ timeout: 30_000 });
  await expect(panel.getByText('Only you can see this roadmap.')).toBeVisible();
  const gone = await request.get(link, { headers: { accept: 'text/html' } });
  expect(gone.status()).toBe(404);
  const after = await browser.newContext();
  const late = await after.newPage();
  await late.goto(link);
  await expect(late.getByRole('heading', { level: 1, name: 'Roadmap not found' })).toBeVisible();
  await expect(late.getByText('This shared roadmap is no longer available.', { exact: false })).toBeVisible();
  await after.close();
});
