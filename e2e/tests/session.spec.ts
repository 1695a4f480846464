import { expect, test } from '@playwright/test';
import { expiredTokenFor } from '../src/jwt.ts';
import { registerLearner, signIn } from '../src/learner.ts';

const EXPIRED = 'Your session has expired. Please log in again.';

test('an expired session shows the toast, drops the token and lands on /login', async ({ page, request }) => {
  const learner = await registerLearner(request);
  await signIn(page, { ...learner, token: expiredTokenFor(learner.token) });
  await page.goto('/settings');
  await expect(page.getByText(EXPIRED)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('mindpath.token'))).toBeNull();
});

test('a token that stops verifying mid-session (tampered/revoked) ends the session', async ({
  page,
  request,
}) => {
  const learner = await registerLearner(request);
  await signIn(page, learner);
  await page.goto('/home');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Goals' })).toBeVisible();
  // the server no longer accepts it: same as a revoked key
  await page.evaluate((t) => localStorage.setItem('mindpath.token', JSON.stringify(`${t}x`)), learner.token);
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByText(EXPIRED)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
