import { expect, test } from '@playwright/test';
import { registerLearner, signIn } from '../src/learner.ts';

const AUTHENTICATED = [
  '/home',
  '/goals',
  '/goals/new',
  '/goals/123/assessment',
  '/learning-plan',
  '/learning-plan/123',
  '/knowledge-graph',
  '/settings',
  '/lessons/123',
  '/lessons/123/assessment',
];

test.describe('a visitor', () => {
  for (const path of AUTHENTICATED) {
    test(`at ${path} is sent to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    });
  }

  for (const path of ['/', '/login', '/register', '/privacy-policy', '/subscription/cancel']) {
    test(`may open ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path === '/' ? '' : path}$`));
    });
  }

  test('at an unknown path goes to /', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });
});

test.describe('a logged-in learner', () => {
  test.beforeEach(async ({ page, request }) => signIn(page, await registerLearner(request)));

  for (const path of ['/', '/login', '/register', '/no/such/page', '/today', '/dashboard']) {
    test(`at ${path} goes to /home`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/home$/);
    });
  }

  for (const path of AUTHENTICATED) {
    test(`may open ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Knowledge Base' })).toBeVisible();
    });
  }
});
