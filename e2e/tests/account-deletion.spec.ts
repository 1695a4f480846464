import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, settled, startInTheme, switchTheme } from '../src/axe.ts';
import { E2E_BASE_URL } from '../src/env.ts';
import { registerLearner, signIn } from '../src/learner.ts';

// Deleting an account in Settings → Privacy: a learner who pays for Pro with the sandbox's test card deletes
// the account through the dialog (a wrong password first), lands on the page that confirms it, their token
// answers 401, and logging in again with the same credentials is refused. The dialog and the confirmation
// pass axe in both themes.

const SHOTS = process.env.E2E_SCREENSHOTS;

async function pay(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM/YY)').fill('12/40');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function openDeleteDialog(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('a Pro learner deletes their account: the landing page confirms it, and the old login is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const learner = await registerLearner(request);
  await startInTheme(page, 'dark');
  await signIn(page, learner);

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await page.getByRole('tabpanel').getByRole('button', { name: 'Upgrade to Pro' }).click();
  await pay(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Pro!' })).toBeVisible();

  let dialog = await openDeleteDialog(page);
  await expect(dialog).toContainText('Your goals, assessments, roadmaps and lessons');
  await expect(dialog).toContainText('you will not be charged again');
  await expect(dialog).toContainText('amount, date and invoice number, without your card details');
  await expectNoSeriousViolations(page, 'delete-account dialog (dark)');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-dialog-dark.png` });
  await page.setViewportSize({ width: 850, height: 900 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-dialog-dark-850.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await switchTheme(page, 'light');
  dialog = await openDeleteDialog(page);
  await expectNoSeriousViolations(page, 'delete-account dialog (light)');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-dialog-light.png` });

  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toContainText('That password is not right.');
  expect(
    (
      await request.get(`${E2E_BASE_URL}/api/user`, { headers: { authorization: `Bearer ${learner.token}` } })
    ).status(),
  ).toBe(200);

  await dialog.getByLabel('Your password').fill(learner.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/?account=deleted`);
  const notice = page.getByText('Your account has been deleted.');
  await expect(notice).toBeVisible();
  await settled(page);
  await expectNoSeriousViolations(page, 'landing after deletion (light)');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/landing-deleted-light.png` });
  await page.setViewportSize({ width: 850, height: 900 });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/landing-deleted-light-850.png` });
  await switchTheme(page, 'dark');
  await expectNoSeriousViolations(page, 'landing after deletion (dark)');

  // the old token is refused everywhere, and so is the old login
  for (const path of ['/api/user', '/api/goals', '/api/subscriptions/status'])
    expect(
      (
        await request.get(`${E2E_BASE_URL}${path}`, { headers: { authorization: `Bearer ${learner.token}` } })
      ).status(),
      path,
    ).toBe(401);
  await page.goto('/login');
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill(learner.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});
