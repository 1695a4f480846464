import { RemotesManifestSchema } from '@mindpath/contracts/remotes';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { registerLearner, signIn } from '../src/learner.ts';
import { buildVariant, liveVersion, releaseRemote, type Variant } from '../src/variant.ts';

// DESIGN §3/§8: a remote redeployed while the app runs. mf-roadmap is rebuilt from changed source and
// released with the project's own command into the running server's deployment; the server is never
// restarted and nothing else is rebuilt. These tests repoint the shared server's remotes.json, so they run
// in the `deploy` project, one after the other, and every test rolls back to the version it found.

test.describe.configure({ mode: 'serial' });

const marker = `Roadmap release ${Date.now().toString(36)}`;
let original = '';
let retitled: Variant;
let broken: Variant;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  original = await liveVersion('roadmap');
  [retitled, broken] = await Promise.all([
    // a visible string changed: the page as before, under a new line of text
    buildVariant(
      'roadmap',
      './LearningPlanPage',
      (page) => `import Page from '${page}';

export default function LearningPlanRelease() {
  return (
    <>
      <p>${marker}</p>
      <Page />
    </>
  );
}
`,
    ),
    // a release that throws while rendering
    buildVariant(
      'roadmap',
      './LearningPlanPage',
      () => `export default function LearningPlanRelease(): never {
  throw new Error('this release of the learning plan is broken');
}
`,
    ),
  ]);
});

test.afterEach(async () => {
  await releaseRemote('roadmap', { version: original });
});

test.afterAll(async () => {
  await Promise.all([retitled?.dispose(), broken?.dispose()]);
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const pageHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });
const served = async (request: APIRequestContext) =>
  RemotesManifestSchema.parse(await (await request.get('/remotes.json')).json()).remotes.roadmap?.version;

test('a redeployed remote shows its new text on the next load, and a rollback brings the old one back', async ({
  page,
  request,
}) => {
  await signIn(page, await registerLearner(request));
  await page.goto('/learning-plan');
  const heading = (await pageHeading(page).textContent()) ?? '';
  expect(heading).not.toBe('');
  await expect(page.getByText(marker)).toHaveCount(0);

  const released = await releaseRemote('roadmap', { dist: retitled.dist });
  expect(released).not.toBe(original);
  expect(await served(request)).toBe(released);
  await page.reload();
  await expect(page.getByText(marker)).toBeVisible();
  await expect(pageHeading(page)).toHaveText(heading);

  expect(await releaseRemote('roadmap', { version: original })).toBe(original);
  expect(await served(request)).toBe(original);
  await page.reload();
  await expect(pageHeading(page)).toHaveText(heading);
  await expect(page.getByText(marker)).toHaveCount(0);
});

test('a redeployed remote that throws while rendering shows Retry, the rest of the app works, and Retry after a rollback loads the old one', async ({
  page,
  request,
}) => {
  await signIn(page, await registerLearner(request));
  await page.goto('/learning-plan');
  const heading = (await pageHeading(page).textContent()) ?? '';
  expect(heading).not.toBe('');

  await releaseRemote('roadmap', { dist: broken.dist });
  await page.reload();
  const failure = page.getByRole('alert').filter({ hasText: 'Roadmap is unavailable right now' });
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();

  await sidebar(page).getByRole('link', { name: 'Settings' }).click();
  await expect(pageHeading(page)).toHaveText('Settings');
  await sidebar(page).getByRole('link', { name: 'Knowledge Base' }).click();
  await expect(page).toHaveURL(/\/knowledge-graph$/);
  await expect(pageHeading(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await sidebar(page).getByRole('link', { name: 'Roadmap' }).click();
  await expect(failure).toBeVisible();

  // roll back while the page stays open: Retry re-reads /remotes.json and loads the old release
  await releaseRemote('roadmap', { version: original });
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(pageHeading(page)).toHaveText(heading);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
