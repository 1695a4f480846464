import { expect, test } from '@playwright/test';
import { registerLearner, signIn } from '../src/learner.ts';

test('the theme is dark by default and a switch to light survives a reload', async ({ page, request }) => {
  await signIn(page, await registerLearner(request));
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page
    .getByRole('button', { name: /light mode|dark mode|theme/i })
    .first()
    .click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('the sidebar has the spec entries, Get Pro for a free learner, and Settings opens its tabs', async ({
  page,
  request,
}) => {
  await signIn(page, await registerLearner(request));
  await page.goto('/home');
  const nav = page.getByRole('navigation');
  for (const name of ['Home', 'Current Lesson', 'Roadmap', 'Knowledge Base', 'Goals', 'Settings']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await page
    .getByRole('link', { name: /get pro/i })
    .or(page.getByRole('button', { name: /get pro/i }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/free/i).first()).toBeVisible();
  for (const name of ['Profile', 'Avatar', 'Privacy']) {
    await page.getByRole('tab', { name }).click();
    await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  }
});

test('below 850 px the sidebar becomes a top bar with an overlay menu', async ({ page, request }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page, await registerLearner(request));
  await page.goto('/home');
  const menu = page.getByRole('button', { name: /menu/i }).first();
  await expect(menu).toBeVisible();
  await expect(page.getByRole('link', { name: 'Knowledge Base', exact: true })).toBeHidden();
  await menu.click();
  await expect(page.getByRole('link', { name: 'Knowledge Base', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('link', { name: 'Knowledge Base', exact: true })).toBeHidden();
  await menu.click();
  // exact: the home dashboard's Quick Actions hold a 'Goals …' and a 'Knowledge Base …' link too
  await page.getByRole('link', { name: 'Goals', exact: true }).click();
  await expect(page).toHaveURL(/\/goals$/);
  await expect(page.getByRole('link', { name: 'Knowledge Base', exact: true })).toBeHidden();
});
