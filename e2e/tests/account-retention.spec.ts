import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, settled, startInTheme, THEMES } from '../src/axe.ts';
import { E2E_BASE_URL } from '../src/env.ts';
import { type Learner, registerLearner } from '../src/learner.ts';

// Retention as the privacy policy states it: an account inactive for almost three years, marked by the
// retention task (here by the e2e server's test route, PUT /api/test/retention-notice), is kept by a login,
// which says so once in a toast with the date it was due to go; the next login says nothing.

const DAY_MS = 86_400_000;

async function logIn(page: Page, learner: Learner) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

for (const theme of THEMES) {
  test(`a login keeps an account marked for deletion, and says so once (${theme})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const learner = await registerLearner(request);
    const headers = { authorization: `Bearer ${learner.token}` };
    // the learner's first request of the day records their activity: made before the account is marked
    expect((await request.get(`${E2E_BASE_URL}/api/user`, { headers })).status()).toBe(200);
    const marked = await request.put(`${E2E_BASE_URL}/api/test/retention-notice`, {
      headers,
      data: { daysLeft: 20 },
    });
    expect(marked.status()).toBe(204);

    await startInTheme(page, theme);
    await logIn(page, learner);
    const due = new Date(Date.now() + 20 * DAY_MS).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const toast = page.getByText(/^Welcome back! Your account had been inactive for almost 3 years/);
    await expect(toast).toContainText(`was due to be deleted on ${due}. Logging in has kept it`);
    await settled(page);
    await expectNoSeriousViolations(page, `the retention toast (${theme})`);

    // kept: the next login is an ordinary one
    await page.evaluate(() => localStorage.removeItem('mindpath.token'));
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await logIn(page, learner);
    expect(await (await answer).json()).not.toHaveProperty('retentionKept');
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(toast).toHaveCount(0);
  });
}
