import { join } from 'node:path';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { registerLearner, signIn } from '../src/learner.ts';

// The main screens in both themes on a desktop (1280 px) and a mobile (800 px, below the 850 px breakpoint)
// viewport. Each page must fit its viewport (no sideways scrolling, DESIGN §7: every page works at 850 px);
// the full-page screenshots land in test-results/screens/ for a person to look at.

const WIDTHS = [1280, 800] as const;
const THEMES = ['dark', 'light'] as const;

async function shoot(page: Page, info: TestInfo, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  await page.screenshot({
    path: join(info.project.outputDir, 'screens', `${name}.png`),
    fullPage: true,
    animations: 'disabled',
    caret: 'hide',
  });
}

for (const theme of THEMES) {
  for (const width of WIDTHS) {
    test.describe(`${theme} theme at ${width}px`, () => {
      test.beforeEach(async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.addInitScript((t) => localStorage.setItem('mindpath.theme', JSON.stringify(t)), theme);
      });

      test('landing, login and register fit the viewport', async ({ page }, info) => {
        await page.goto('/');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await shoot(page, info, `landing-${width}-${theme}`);

        await page.goto('/login');
        await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
        await shoot(page, info, `login-${width}-${theme}`);

        await page.goto('/register');
        await expect(page.getByRole('dialog', { name: 'Create your account' })).toBeVisible();
        await page.getByLabel('Password', { exact: true }).fill('aB3!');
        await expect(page.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
          'aria-valuetext',
          'Good',
        );
        await shoot(page, info, `register-${width}-${theme}`);
      });

      test('home and settings fit the viewport', async ({ page, request }, info) => {
        await signIn(page, await registerLearner(request));
        await page.goto('/home');
        await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
        await shoot(page, info, `home-${width}-${theme}`);

        await page.goto('/settings');
        await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Profile' })).toBeVisible();
        await expect(page.getByRole('tabpanel').getByLabel('Email')).not.toHaveValue('');
        await shoot(page, info, `settings-${width}-${theme}`);

        if (width < 850) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
          await shoot(page, info, `menu-${width}-${theme}`);
        }
      });
    });
  }
}
