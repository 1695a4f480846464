import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inCanary } from '@mindpath/contracts/canary-constants';
import { type RemoteRelease, RemotesManifestSchema } from '@mindpath/contracts/remotes';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { E2E_CANARY_MIN_LOADS } from '../src/canary-env.ts';
import { CHOICE_MADE } from '../src/consent.ts';
import { E2E_BASE_URL, E2E_DEPLOY_DIR } from '../src/env.ts';
import { type Learner, registerLearner, signIn } from '../src/learner.ts';
import { abortCanary, buildVariant, liveVersion, releaseRemote, type Variant } from '../src/variant.ts';

// A canary release of mf-goals, as a feature team ships one: a changed build made live for a share of
// learners beside the stable version (`pnpm release:remote goals --canary <share>`). Who is in it is the
// contract's hash of the learner's id, which the shell computes from its token; a canary that throws while
// rendering is taken back by the server once its failure reports pass the threshold (the e2e server's
// CANARY_MIN_LOADS is small). These tests repoint the shared server's remotes.json, so they run in the
// `deploy` project, one after the other, and every test leaves goals' stable version the only one.

test.describe.configure({ mode: 'serial' });

const marker = `Goals canary ${Date.now().toString(36)}`;
let stable = '';
let retitled: Variant;
let broken: Variant;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  stable = await liveVersion('goals');
  [retitled, broken] = await Promise.all([
    buildVariant(
      'goals',
      './GoalsPage',
      // the page's file exports more than the page (the app imports GoalsScreen from it): kept
      (page) => `import Page from '${page}';

export * from '${page}';

export default function GoalsCanary() {
  return (
    <>
      <p>${marker}</p>
      <Page />
    </>
  );
}
`,
    ),
    buildVariant(
      'goals',
      './GoalsPage',
      (page) => `export * from '${page}';

export default function GoalsCanary(): never {
  throw new Error('this release of the goals page is broken');
}
`,
    ),
  ]);
});

test.afterEach(async () => {
  await abortCanary('goals'); // nothing to abort when the server rolled it back already
  expect(await liveVersion('goals')).toBe(stable);
});

test.afterAll(async () => {
  await Promise.all([retitled?.dispose(), broken?.dispose()]);
});

/** The learner's id as the shell reads it: the token's `sub`. */
const idOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;

interface Visitor extends Learner {
  id: string;
}

/** Registers learners until `inside` of them are in goals' canary at `share` % and `outside` are not. */
async function learnersOnBothSides(
  request: APIRequestContext,
  share: number,
  want: { inside: number; outside: number },
): Promise<{ inside: Visitor[]; outside: Visitor[] }> {
  const inside: Visitor[] = [];
  const outside: Visitor[] = [];
  for (let i = 0; i < 120 && (inside.length < want.inside || outside.length < want.outside); i++) {
    const learner = await registerLearner(request);
    const visitor = { ...learner, id: idOf(learner.token) };
    const side = inCanary('goals', visitor.id, share) ? inside : outside;
    if (side.length < (side === inside ? want.inside : want.outside)) side.push(visitor);
  }
  if (inside.length < want.inside || outside.length < want.outside)
    throw new Error(`no ${want.inside} + ${want.outside} learners on both sides of a ${share} % canary`);
  return { inside, outside };
}

/** The goals release /remotes.json serves now. */
async function servedGoals(request: APIRequestContext): Promise<RemoteRelease | undefined> {
  const res = await request.get('/remotes.json', { headers: { 'cache-control': 'no-cache' } });
  return RemotesManifestSchema.parse(await res.json()).remotes.goals;
}

interface Tab {
  page: Page;
  /** the goals versions whose files this page fetched */
  goalsVersions: Set<string>;
  close(): Promise<void>;
}

/** A browser of its own for one visitor (signed in when `learner` is given), recording which goals it loads. */
async function openTab(browser: Browser, learner?: Learner): Promise<Tab> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, storageState: CHOICE_MADE });
  const page = await context.newPage();
  const goalsVersions = new Set<string>();
  page.on('request', (req) => {
    const version = /^\/remotes\/goals\/([^/]+)\//.exec(new URL(req.url()).pathname)?.[1];
    if (version) goalsVersions.add(version);
  });
  if (learner) await signIn(page, learner);
  return { page, goalsVersions, close: () => context.close() };
}

const pageHeading = (page: Page) =>
  page.getByRole('main').getByRole('heading', { name: 'Goals', exact: true });
const goalsFailure = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Goals is unavailable right now' });

test('a canary of mf-goals is seen by the learners in its share, the same on every load, and not by the others', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const share = 20;
  const canary = await releaseRemote('goals', { dist: retitled.dist, canary: share });
  expect(canary).not.toBe(stable);
  expect(await servedGoals(request)).toMatchObject({ version: stable, canary: { version: canary, share } });

  const { inside, outside } = await learnersOnBothSides(request, share, { inside: 3, outside: 2 });
  // the id the shell hashes is the learner's own, as the API knows it
  const first = inside[0]!;
  const user = await request.get('/api/user', { headers: { authorization: `Bearer ${first.token}` } });
  expect(((await user.json()) as { id: string }).id).toBe(first.id);

  for (const [learner, inTheCanary] of [
    ...inside.slice(0, 2).map((l) => [l, true] as const),
    ...outside.map((l) => [l, false] as const),
  ]) {
    const tab = await openTab(browser, learner);
    await tab.page.goto('/goals');
    await expect(pageHeading(tab.page)).toBeVisible();
    if (inTheCanary) await expect(tab.page.getByText(marker)).toBeVisible();
    else await expect(tab.page.getByText(marker)).toHaveCount(0);
    expect([...tab.goalsVersions]).toEqual([inTheCanary ? canary : stable]);
    // sticky: the next load is the same learner's same version
    await tab.page.reload();
    await expect(pageHeading(tab.page)).toBeVisible();
    await expect(tab.page.getByText(marker)).toHaveCount(inTheCanary ? 1 : 0);
    await tab.close();
  }

  // a visitor outside the canary logs in as a learner in it: the next page gets the canary, with no reload
  const anonymous = Array.from({ length: 200 }, (_, i) => `visitor-${i}`).find(
    (id) => !inCanary('goals', id, share),
  )!;
  const learner = inside[2]!;
  const tab = await openTab(browser);
  await tab.page.addInitScript((id) => {
    if (!localStorage.getItem('mindpath.canary-id')) localStorage.setItem('mindpath.canary-id', id);
    sessionStorage.setItem('mindpath.welcomeShown', 'true');
  }, anonymous);
  await tab.page.goto('/login');
  await tab.page.evaluate(() => {
    (window as { stayed?: boolean }).stayed = true;
  });
  await tab.page.getByLabel('Email').fill(learner.email);
  await tab.page.getByLabel('Password', { exact: true }).fill(learner.password);
  await tab.page.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(tab.page).toHaveURL(/\/home$/);
  await tab.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Goals' }).click();
  await expect(pageHeading(tab.page)).toBeVisible();
  await expect(tab.page.getByText(marker)).toBeVisible();
  expect(await tab.page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
  expect(await tab.page.evaluate(() => localStorage.getItem('mindpath.canary-id'))).toBe(anonymous);
  await tab.close();
});

test('a canary that throws on render is rolled back automatically after the threshold, while the stable version keeps working', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const share = 50;
  const canary = await releaseRemote('goals', { dist: broken.dist, canary: share });
  expect(await servedGoals(request)).toMatchObject({ version: stable, canary: { version: canary, share } });
  const { inside, outside } = await learnersOnBothSides(request, share, { inside: 2, outside: 1 });

  const steady = await openTab(browser, outside[0]);
  await steady.page.goto('/goals');
  await expect(pageHeading(steady.page)).toBeVisible();
  const tabs = [await openTab(browser, inside[0]), await openTab(browser, inside[1])];

  /** one page load of the broken canary: its load and its render failure reported, the alert shown */
  const failingLoad = async (page: Page, navigate: () => Promise<unknown>) => {
    const reported = (path: string) =>
      page.waitForResponse(
        (res) =>
          new URL(res.url()).pathname === path &&
          (res.request().postDataJSON() as { remote?: string }).remote === 'goals',
      );
    const loaded = reported('/api/remote-loads');
    const failed = reported('/api/client-errors');
    await navigate();
    await expect(goalsFailure(page)).toBeVisible();
    expect((await loaded).status()).toBe(204);
    expect((await failed).status()).toBe(204);
    expect((await failed).request().postDataJSON()).toMatchObject({
      remote: 'goals',
      version: canary,
      phase: 'render',
      name: 'Error',
      message: 'this release of the goals page is broken',
    });
  };

  for (let load = 1; load <= E2E_CANARY_MIN_LOADS; load++) {
    const { page } = tabs[load % 2]!;
    await failingLoad(page, () => (load <= 2 ? page.goto('/goals') : page.reload()));
    // contained: the shell around the failed remote still works
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // every failure so far is 100 %, but under the minimum of loads the canary stays
    if (load < E2E_CANARY_MIN_LOADS) expect((await servedGoals(request))?.canary?.version).toBe(canary);
  }
  // the report that reached the threshold took the canary back before it was answered
  expect(await servedGoals(request)).toEqual({ version: stable, entry: expect.any(String) });
  const history = JSON.parse(await readFile(join(E2E_DEPLOY_DIR, 'releases.json'), 'utf8')) as {
    log: { remote: string; action: string; version: string; reason?: string }[];
  };
  expect(history.log.at(-1)).toMatchObject({ remote: 'goals', action: 'rollback', version: canary });
  // the last page's load report may be counted before its failure: the threshold is crossed at either
  const min = E2E_CANARY_MIN_LOADS;
  expect(history.log.at(-1)?.reason).toMatch(new RegExp(`^(${min - 1}|${min}) failures in ${min} loads`));

  // the stable learner never met the canary
  await steady.page.reload();
  await expect(pageHeading(steady.page)).toBeVisible();
  await expect(steady.page.getByRole('alert')).toHaveCount(0);
  expect([...steady.goalsVersions]).toEqual([stable]);

  // the page still open on the failure: Retry reads /remotes.json again and loads the stable version
  const [open, other] = tabs as [Tab, Tab];
  await goalsFailure(open.page).getByRole('button', { name: 'Retry' }).click();
  await expect(pageHeading(open.page)).toBeVisible();
  await expect(open.page.getByRole('alert')).toHaveCount(0);
  // every learner's next load gets the stable version
  other.goalsVersions.clear();
  await other.page.reload();
  await expect(pageHeading(other.page)).toBeVisible();
  await expect(other.page.getByRole('alert')).toHaveCount(0);
  expect([...other.goalsVersions]).toEqual([stable]);
  for (const tab of [steady, ...tabs]) await tab.close();
});
