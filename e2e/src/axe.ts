// axe-core in the page: WCAG 2.x A and AA rules (2.2 included), failing on critical and serious violations.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const BLOCKING = new Set(['critical', 'serious']);

/**
 * The theme the app starts in (the key of @mindpath/ui's theme store), set before the first navigation and
 * kept once the page changes it, so a reload after a switch stays in the switched theme.
 */
export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export async function startInTheme(page: Page, theme: Theme) {
  await page.addInitScript((t) => {
    if (localStorage.getItem('mindpath.theme') === null)
      localStorage.setItem('mindpath.theme', JSON.stringify(t));
  }, theme);
}

/**
 * Switches the theme as a learner does, with the page's own theme switch (the header's, or the landing
 * page's); behind an open modal dialog (a page that is one, like the new-goal wizard) the switch cannot be
 * reached, so the choice is stored and the page opened again, as the next visit would show it.
 */
export async function switchTheme(page: Page, theme: Theme) {
  if ((await page.locator('[role="dialog"][aria-modal="true"], [role="alertdialog"]').count()) > 0) {
    await page.evaluate((t) => localStorage.setItem('mindpath.theme', JSON.stringify(t)), theme);
    await page.reload();
    await settled(page);
  } else {
    await page
      .getByRole('button', { name: `Switch to ${theme} theme` })
      .filter({ visible: true })
      .first()
      .click();
  }
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}

/** Waits until the remotes have rendered and nothing is loading: a heading or dialog, no aria-busy. */
export async function settled(page: Page) {
  await expect(page.locator('h1, [role="dialog"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 90_000 });
}

/**
 * Runs axe on the page (or inside `within`) once every finite animation has ended (a dialog fading in blends
 * its colours and fails contrast); lists each blocking violation with the elements it hit.
 */
export async function expectNoSeriousViolations(page: Page, what: string, within?: string) {
  // only running ones, and at most 5 s: a paused animation's `finished` never settles (a CI run hung on one)
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (a) =>
              a.playState === 'running' &&
              a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
          )
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]),
  );
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  const blocking = violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`),
    }));
  expect(blocking, `${what}: ${JSON.stringify(blocking, null, 2)}`).toEqual([]);
}
