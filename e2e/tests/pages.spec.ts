import { expect, test } from '@playwright/test';
import { registerLearner, signIn } from '../src/learner.ts';

// Public pages, the settings frame and the header's logout (spec 1 §2, spec 2 settings).

test('the privacy policy is public, with its sections and the visitor header', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  for (const name of ['Overview', 'What we store', 'Your rights']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  const header = page.getByRole('navigation', { name: 'Site' });
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible();
  await header.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/register$/);
});

for (const width of [360, 390]) {
  test(`the landing header fits a ${width} px phone: nothing clipped, Sign up whole`, async ({ page }) => {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/');
    const signUp = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Sign up' });
    await expect(signUp).toBeVisible();
    const boxes = await page
      .getByRole('banner')
      .locator('a, button')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    for (const right of boxes) expect(right).toBeLessThanOrEqual(width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
    await expect(page.getByRole('link', { name: 'Mindpath home' })).toBeVisible();
  });
}

test('a logged-in learner on a public page has Dashboard and Logout in the header', async ({
  page,
  request,
}) => {
  await signIn(page, await registerLearner(request));
  await page.goto('/privacy-policy');
  const header = page.getByRole('navigation', { name: 'Site' });
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  expect(await page.evaluate(() => localStorage.getItem('mindpath.token'))).toBeNull();
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('settings opens on Profile and each tab shows its panel', async ({ page, request }) => {
  const learner = await registerLearner(request);
  await signIn(page, learner);
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(panel.getByLabel('Email')).toHaveValue(learner.email);
  await expect(panel.getByLabel('Username')).toHaveValue(learner.username);

  await page.getByRole('tab', { name: 'Avatar' }).click();
  await expect(panel.getByRole('heading', { name: 'Avatar' })).toBeVisible();
  await expect(panel.getByRole('radio')).toHaveCount(10);

  await page.getByRole('tab', { name: 'Privacy' }).click();
  await expect(panel.getByRole('heading', { name: 'Privacy', exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(panel.getByText('Free', { exact: true })).toBeVisible();
});

test('Settings opened with navigation state activeTab=subscription shows that tab', async ({
  page,
  request,
}) => {
  await signIn(page, await registerLearner(request));
  await page.goto('/home');
  // the sidebar's Get Pro carries { activeTab: 'subscription' }; the plain Settings entry does not
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('link', { name: 'Get Pro' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
});

test('a visitor gets the dark theme by default and a switch in the public header persists', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const header = page.getByRole('navigation', { name: 'Site' });
  await header.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await page.evaluate(() => localStorage.getItem('mindpath.theme'))).toBe('"light"');
  // /login is a dialog over the page: the theme carries over to it
  await page.goto('/login');
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
