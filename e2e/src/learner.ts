import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';

export interface Learner {
  username: string;
  email: string;
  password: string;
  token: string;
}

export function newCredentials(): Omit<Learner, 'token'> {
  const id = randomUUID().slice(0, 8);
  return { username: `learner-${id}`, email: `learner-${id}@example.com`, password: `Str0ng!${id}` };
}

/** One learner per test, registered through the real API (the e2e server's unless another is named). */
export async function registerLearner(request: APIRequestContext, baseUrl = E2E_BASE_URL): Promise<Learner> {
  const creds = newCredentials();
  const res = await request.post(`${baseUrl}/api/auth/register`, { data: creds });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { ...creds, token };
}

/** Signs the page in the way the SDK does: the token in localStorage (key of @mindpath/sdk/local-store). */
export async function signIn(page: Page, learner: Learner): Promise<void> {
  await page.addInitScript((token) => {
    if (!sessionStorage.getItem('e2e.signed-in')) {
      localStorage.setItem('mindpath.token', JSON.stringify(token));
      sessionStorage.setItem('e2e.signed-in', '1');
      // as if this session had met the welcome screen already: home.spec.ts meets it through a real login
      sessionStorage.setItem('mindpath.welcomeShown', 'true');
    }
  }, learner.token);
}

/** Registers through the form at /register, as a visitor does: the page lands on /goals, signed in. */
export async function registerInForm(page: Page): Promise<Learner> {
  const creds = newCredentials();
  await page.goto('/register');
  await page.getByLabel('Username').fill(creds.username);
  await page.getByLabel('Email').fill(creds.email);
  await page.getByLabel('Password', { exact: true }).fill(creds.password);
  await page.getByRole('checkbox', { name: /terms/i }).check();
  await page.getByRole('button', { name: /create account|sign up|register/i }).click();
  await expect(page).toHaveURL(/\/goals$/);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('mindpath.token') ?? 'null'));
  if (typeof token !== 'string') throw new Error('no token after registering');
  return { ...creds, token };
}
