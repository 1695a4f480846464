import { expect, test } from '@playwright/test';
import { newCredentials, registerLearner } from '../src/learner.ts';

test('a visitor registers, lands on the goals page, logs out and logs back in', async ({ page }) => {
  const creds = newCredentials();
  await page.goto('/register');
  await page.getByLabel('Username').fill(creds.username);
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await expect(page.getByText('Strong')).toBeVisible();
  const submit = page.getByRole('button', { name: /create account|sign up|register/i });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: /terms/i }).check();
  await submit.click();

  await expect(page).toHaveURL(/\/goals$/);
  await expect(page.getByRole('heading', { name: 'Goals', exact: true })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('mindpath.fromRegistration'))).toBe('true');

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('mindpath.token'))).toBeNull();

  await page.goto('/login');
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test('a wrong password shows the server message and stays on /login', async ({ page, request }) => {
  const learner = await registerLearner(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong!pass1');
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('login with empty fields says both are required', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(page.getByText('Email and password are required')).toBeVisible();
});

test('an existing email gives the spec notification', async ({ page, request }) => {
  const learner = await registerLearner(request);
  await page.goto('/register');
  await page.getByLabel('Username').fill('someone');
  await page.getByLabel('Email').fill(learner.email);
  await page.getByLabel('Password', { exact: true }).fill('An0ther!pass');
  await page.getByRole('checkbox', { name: /terms/i }).check();
  await page.getByRole('button', { name: /create account|sign up|register/i }).click();
  await expect(page.getByText('User with this email already exists')).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
});

test('Escape on the login dialog goes to the landing page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/$/);
});
