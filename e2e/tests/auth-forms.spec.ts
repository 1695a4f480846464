import { expect, type Page, test } from '@playwright/test';
import { registerLearner } from '../src/learner.ts';

// The details of the login and register dialogs (spec 1 §2, §5, §8, §9) against the production build.

const loginDialog = (page: Page) => page.getByRole('dialog', { name: 'Welcome back' });
const registerDialog = (page: Page) => page.getByRole('dialog', { name: 'Create your account' });

/** A click on the backdrop itself, in a corner clear of the dialog and of the page header. */
async function clickBackdrop(page: Page) {
  const viewport = page.viewportSize()!;
  await page.getByTestId('modal-backdrop').click({ position: { x: 12, y: viewport.height - 12 } });
}

test.describe('login', () => {
  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('Secret!123');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(password).toHaveValue('Secret!123');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test("'Remember me for 30 days' is kept only in this browser and the login goes to /home", async ({
    page,
    request,
  }) => {
    const learner = await registerLearner(request);
    await page.goto('/login');
    const remember = page.getByRole('checkbox', { name: 'Remember me for 30 days' });
    await expect(remember).not.toBeChecked();
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await remember.check();
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('mindpath.rememberMe'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('mindpath.token'))).toBeTruthy();
  });

  test("'Forgot password?' is there and does nothing", async ({ page }) => {
    await page.goto('/login');
    const forgot = loginDialog(page).getByRole('button', { name: 'Forgot password?' });
    await expect(forgot).toBeVisible();
    await forgot.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(loginDialog(page)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the dialog links to register', async ({ page }) => {
    await page.goto('/login');
    await loginDialog(page).getByRole('link', { name: 'Sign up' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(registerDialog(page)).toBeVisible();
  });

  test('a click on the backdrop goes to the landing page', async ({ page }) => {
    await page.goto('/login');
    await expect(loginDialog(page)).toBeVisible();
    await clickBackdrop(page);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('a click inside the dialog does not close it', async ({ page }) => {
    await page.goto('/login');
    await loginDialog(page).getByRole('heading', { name: 'Welcome back' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('register', () => {
  test('the strength meter goes Weak, Fair, Good, Strong as the requirements are met', async ({ page }) => {
    await page.goto('/register');
    const password = page.getByLabel('Password', { exact: true });
    const meter = page.getByRole('meter', { name: 'Password strength' });
    const rules = page.getByRole('list', { name: 'Password requirements' });
    await expect(rules.getByRole('listitem')).toHaveText([
      /At least 8 characters/,
      /One uppercase letter/,
      /One lowercase letter/,
      /One number/,
      /One special character/,
    ]);
    await expect(rules.getByRole('listitem').filter({ hasText: '(met)' })).toHaveCount(0);

    for (const [value, label, met] of [
      ['a', 'Weak', 1],
      ['aB', 'Fair', 2],
      ['aB3', 'Fair', 3],
      ['aB3!', 'Good', 4],
      ['aB3!efgh', 'Strong', 5],
    ] as const) {
      await password.fill(value);
      await expect(meter).toHaveAttribute('aria-valuetext', label);
      await expect(registerDialog(page).getByText(label, { exact: true })).toBeVisible();
      await expect(rules.getByRole('listitem').filter({ hasText: '(met)' })).toHaveCount(met);
    }
  });

  test('a weak password is refused with the spec message', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Username').fill('weakling');
    await page.getByLabel('Email').fill('weakling@example.com');
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByRole('checkbox', { name: /terms/i }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Please fix the password issues below')).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('submit stays disabled until the terms are ticked, and again when unticked', async ({ page }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Create account' });
    const terms = page.getByRole('checkbox', { name: /terms/i });
    await expect(submit).toBeDisabled();
    await terms.check();
    await expect(submit).toBeEnabled();
    await terms.uncheck();
    await expect(submit).toBeDisabled();
  });

  test('the plan chosen on the landing page is shown', async ({ page }) => {
    await page.goto('/register?plan=pro');
    await expect(page.getByText('Professional plan selected')).toBeVisible();
  });

  test('the dialog links to login', async ({ page }) => {
    await page.goto('/register');
    await registerDialog(page).getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('Escape goes to the landing page', async ({ page }) => {
    await page.goto('/register');
    // a key needs the live dialog: the one holding focus (a prerendered page ignores keys until then)
    await expect(registerDialog(page).getByLabel('Username')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });

  test('a click on the backdrop goes to the landing page', async ({ page }) => {
    await page.goto('/register');
    await expect(registerDialog(page)).toBeVisible();
    await clickBackdrop(page);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  });
});
