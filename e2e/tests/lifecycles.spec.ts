import { REMOTE_NAMES, type RemoteName } from '@mindpath/contracts/remotes';
import { expect, test } from '@playwright/test';
import { leakProbe, PROBE_ROOT_ID } from '../src/leak-probe.ts';
import { registerLearner, signIn } from '../src/learner.ts';

// DESIGN §3: every remote exports single-spa lifecycles, and a test mounts and unmounts each one and proves
// it leaves no DOM, listeners or timers behind. Here in Chromium: the lifecycles come through the shell's
// federation runtime (the deployed build, shared singletons from the shell), mounted into a bare element.

/** Each remote's pages, as the paths of its own standalone router (see mf-<name>/src/lifecycles.tsx). */
const PATHS: Record<RemoteName, string[]> = {
  auth: [
    '/',
    '/login',
    '/register',
    '/privacy-policy',
    '/about',
    '/settings/profile',
    '/settings/avatar',
    '/settings/privacy',
  ],
  goals: ['/home', '/goals', '/goals/new', '/goals/1/assessment'],
  roadmap: ['/learning-plan', '/learning-plan/1'],
  lessons: ['/lessons/1', '/lessons/1/assessment'],
  notes: ['/knowledge-graph'],
  pomodoro: ['/'],
  billing: ['/subscription/success', '/subscription/cancel', '/settings', '/pricing'],
};

const CLEAN = { domNodes: 0, bodyElements: 0, listeners: [], intervals: 0, timeouts: 0, animationFrames: 0 };

test.describe('single-spa lifecycles in Chromium', () => {
  test.beforeEach(async ({ page, request }) => {
    await leakProbe.install(page);
    await signIn(page, await registerLearner(request));
    // a quiet shell page to host the mounts: public layout, no sidebar timer
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });

  for (const name of REMOTE_NAMES) {
    test(`mf-${name} mounts each page and unmounts leaving no DOM, listeners or timers`, async ({ page }) => {
      const root = page.locator(`#${PROBE_ROOT_ID}`);
      for (const path of PATHS[name]) {
        await test.step(path, async () => {
          await leakProbe.mount(page, name, path);
          await expect(root.locator(':scope > *').first()).toBeAttached();
          await expect(root).not.toContainText('no page at this path');
          await expect(root.getByRole('alert').filter({ hasText: `mf-${name} failed` })).toHaveCount(0);
          await expect.poll(() => leakProbe.inflight(page), 'its requests settle').toBe(0);
          await leakProbe.unmount(page);
          await expect
            .poll(() => leakProbe.report(page), `what mf-${name} at ${path} left behind`)
            .toEqual(CLEAN);
          await leakProbe.cleanUp(page);
        });
      }
    });
  }

  test('the probe does see what a mount leaves behind', async ({ page }) => {
    await leakProbe.mount(page, 'billing', '/subscription/cancel');
    await expect(page.locator(`#${PROBE_ROOT_ID}`).getByRole('heading', { level: 1 })).toBeVisible();
    // what a careless page would do while mounted
    await page.evaluate(() => {
      window.addEventListener('resize', () => {});
      setInterval(() => {}, 60_000);
      setTimeout(() => {}, 300_000);
      document.body.append(document.createElement('div'));
    });
    await leakProbe.unmount(page);
    expect(await leakProbe.report(page)).toEqual({
      ...CLEAN,
      bodyElements: 1,
      listeners: ['window:resize'],
      intervals: 1,
      timeouts: 1,
    });
  });
});
