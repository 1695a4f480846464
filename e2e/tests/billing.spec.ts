import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../src/axe.ts';
import { E2E_BASE_URL } from '../src/env.ts';
import { newCredentials, registerLearner, signIn } from '../src/learner.ts';
import { apiFor } from '../src/plan.ts';

// Becoming Pro through the sandbox's hosted checkout: the goal limit's Get Pro, a declined card, the
// good card, the success page and what Pro unlocks, cancelling, leaving the checkout, and a visitor who
// registers from the landing's Pro button. The checkout is the API's own page at /checkout/{sessionId}, outside the SPA.

const DECLINED = '4000 0000 0000 0002';
const GOOD = '4242 4242 4242 4242';

async function pay(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration (MM/YY)').fill('12/40');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Ada Lovelace');
  await page.getByRole('button', { name: /^Pay / }).click();
}

const onCheckout = (page: Page) =>
  expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Professional' })).toBeVisible();

test('a free learner at the goal limit gets Pro with the test card, then cancels and sees when Pro ends', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const learner = await registerLearner(request);
  await apiFor(request, E2E_BASE_URL, learner).createGoal('Learn Go');
  await signIn(page, learner);

  await page.goto('/goals');
  await page.getByRole('button', { name: 'Add New Goal' }).click();
  await page
    .getByRole('dialog', { name: 'Goal Limit Reached' })
    .getByRole('button', { name: 'Get Pro' })
    .click();
  await expect(page.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
  const tab = page.getByRole('tabpanel');
  await expect(tab.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Subscription tab, free (dark)');
  await tab.getByRole('button', { name: 'Upgrade to Pro' }).click();

  await onCheckout(page);
  await pay(page, DECLINED);
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await pay(page, GOOD);

  await expect(page).toHaveURL(/\/subscription\/success\?session_id=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Pro!' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Unlocked features' })).toContainText('Knowledge graph access');
  await expectNoSeriousViolations(page, '/subscription/success (dark)');
  await page.getByRole('link', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('pro-badge')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Pro' })).toBeHidden();

  // Pro: a second goal in progress is allowed
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Goals' }).click();
  await page.getByRole('button', { name: 'Add New Goal' }).click();
  await expect(page).toHaveURL(/\/goals\/new$/);
  await expect(page.getByRole('dialog').getByLabel('What do you want to learn?')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Goal Limit Reached' })).toBeHidden();

  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await expect(tab.getByText('Active', { exact: true })).toBeVisible();
  await expect(tab.getByRole('table', { name: 'Billing history' })).toContainText('4242');
  await tab.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Cancel your Pro subscription?' });
  await expect(confirm).toContainText('No further charges will be made.');
  await expect(confirm).toContainText('Pro features stop');
  await expectNoSeriousViolations(page, 'cancel confirmation (dark)');
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(confirm).toBeHidden();
  // the status is read again 3 s later: cancelled, Pro until the end date
  await expect(tab.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(tab.getByText('Ends on', { exact: true })).toBeVisible();
  await expect(page.getByTestId('pro-badge')).toBeHidden();
});

test('Cancel on the checkout page leads to /subscription/cancel: no payment was made (light theme)', async ({
  page,
  request,
}) => {
  await page.addInitScript(() => localStorage.setItem('mindpath.theme', '"light"'));
  await signIn(page, await registerLearner(request));
  await page.goto('/home');
  await page.getByRole('link', { name: 'Get Pro' }).click();
  const upgrade = page.getByRole('tabpanel').getByRole('button', { name: 'Upgrade to Pro' });
  await expect(upgrade).toBeVisible();
  await expectNoSeriousViolations(page, 'Subscription tab, free (light)');
  await upgrade.click();
  await onCheckout(page);
  await page.getByRole('link', { name: 'Cancel and return to Mindpath' }).click();

  await expect(page).toHaveURL(/\/subscription\/cancel$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeVisible();
  await expect(page.getByText(/No payment was made/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Basic features' })).toContainText('Pomodoro timer');
  await expect(page.getByRole('link', { name: 'support@mindpath.app' })).toBeVisible();
  await expectNoSeriousViolations(page, '/subscription/cancel (light)');
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('link', { name: 'Get Pro' })).toBeVisible();
});

test('a visitor: Try Upgrade Again scrolls the landing to its pricing, whose Pro button registers and goes on to checkout', async ({
  page,
}) => {
  await page.goto('/subscription/cancel');
  await page.getByRole('link', { name: 'Try Upgrade Again' }).click();
  await expect(page).toHaveURL(/\/#pricing$/);
  const pricing = page.getByRole('region', { name: 'Pricing' });
  await expect(pricing.getByRole('heading', { name: 'Pricing' })).toBeInViewport();
  const pro = pricing.getByRole('article', { name: 'Professional' });
  await expect(pro).toContainText('$20');
  await expect(pro).toContainText('30-day money-back guarantee');
  await pro.getByRole('link', { name: 'Get Pro' }).click();

  await expect(page).toHaveURL(/\/register\?plan=pro$/);
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await expect(dialog.getByText('Professional plan selected')).toBeVisible();
  const { username, email, password } = newCredentials();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' }).check();
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
  await onCheckout(page);
});
