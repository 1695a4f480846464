import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RemotesManifestSchema } from '@mindpath/contracts/remotes';
import { expect, test } from '@playwright/test';
import { E2E_DEPLOY_DIR } from '../src/env.ts';
import { registerLearner, signIn } from '../src/learner.ts';
import { buildWithoutExpose, releaseRemote, type Variant } from '../src/variant.ts';

// A release that would break the shell never goes live: mf-pomodoro built without the focus timer the
// shell's layout loads is refused by `pnpm release:remote`, and nothing is repointed, so learners keep the
// timer. In the `deploy` project (it releases into the shared server's deployment); pomodoro, which the other
// deploy specs leave alone.

test.describe.configure({ mode: 'serial' });

let withoutTimer: Variant;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  withoutTimer = await buildWithoutExpose('pomodoro', './FocusTimer');
});

test.afterAll(async () => {
  await withoutTimer?.dispose();
});

const versionsOnDisk = () => readdir(join(E2E_DEPLOY_DIR, 'remotes', 'pomodoro'));
const pomodoroRelease = async () =>
  RemotesManifestSchema.parse(JSON.parse(await readFile(join(E2E_DEPLOY_DIR, 'remotes.json'), 'utf8')))
    .remotes.pomodoro;

test('a build missing an expose the shell loads is refused by release:remote, and nothing is repointed', async ({
  page,
  request,
}) => {
  const built = JSON.parse(await readFile(join(withoutTimer.dist, 'mf-manifest.json'), 'utf8')) as {
    exposes: { path: string }[];
  };
  expect(built.exposes.map((e) => e.path)).not.toContain('./FocusTimer');

  const live = await pomodoroRelease();
  const served = await (await request.get('/remotes.json')).json();
  const versions = await versionsOnDisk();

  const refusal = await releaseRemote('pomodoro', { dist: withoutTimer.dist }).then(
    () => 'released',
    (err: Error) => err.message,
  );
  expect(refusal).toContain('refused: mf-pomodoro does not expose ./FocusTimer, which the shell loads');
  expect(refusal).toContain('nothing was repointed');

  expect(await pomodoroRelease()).toEqual(live);
  expect(await versionsOnDisk()).toEqual(versions);
  expect(
    RemotesManifestSchema.parse(await (await request.get('/remotes.json')).json()).remotes.pomodoro,
  ).toEqual(served.remotes.pomodoro);

  // learners still get the focus timer from the version that stayed live
  await signIn(page, await registerLearner(request));
  await page.goto('/home');
  await expect(page.getByRole('button', { name: /^Focus timer: / })).toBeVisible();
});
