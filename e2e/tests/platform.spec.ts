import { expect, type Page, test } from '@playwright/test';
import { registerLearner, signIn } from '../src/learner.ts';

// DESIGN §3 and §8, the platform suite in Chromium through the one URL: a remote that is down never takes
// the shell down and comes back with Retry; shell and remotes run on one React and one SDK/events/ui.
// (That every deployed remote exposes what the shell's routes and slots expect: contract.spec.ts.)

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const pageHeading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

test.beforeEach(async ({ page, request }) => signIn(page, await registerLearner(request)));

test('a remote that is down shows Retry, the rest of the app keeps working, and Retry loads it once it is back', async ({
  page,
}) => {
  const roadmapManifest = '**/remotes/roadmap/*/mf-manifest.json';
  await page.route(roadmapManifest, (route) => route.fulfill({ status: 404, body: 'Not Found' }));

  await page.goto('/learning-plan');
  const failure = page.getByRole('alert').filter({ hasText: 'Roadmap is unavailable right now' });
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();

  // the shell and the other remotes are unaffected
  await sidebar(page).getByRole('link', { name: 'Goals' }).click();
  await expect(page).toHaveURL(/\/goals$/);
  await expect(pageHeading(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await sidebar(page).getByRole('link', { name: 'Settings' }).click();
  await expect(pageHeading(page)).toHaveText('Settings');
  await expect(page.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Focus timer/ })).toBeVisible();

  // still down: the page says so again
  await sidebar(page).getByRole('link', { name: 'Roadmap' }).click();
  await expect(failure).toBeVisible();

  // back up: Retry loads it in place, no page reload
  await page.unroute(roadmapManifest);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(pageHeading(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL(/\/learning-plan$/);
});

test('a remote whose entry script fails shows Retry in its slot; the page around it works', async ({
  page,
}) => {
  // the focus timer is a slot of the app layout: its failure must stay inside the slot
  const pomodoroEntry = '**/remotes/pomodoro/*/remoteEntry.js';
  await page.route(pomodoroEntry, (route) => route.fulfill({ status: 500, body: 'boom' }));
  await page.goto('/settings');
  const failure = page.getByRole('alert').filter({ hasText: 'Focus timer is unavailable right now' });
  await expect(failure).toBeVisible();
  await expect(pageHeading(page)).toHaveText('Settings');
  await sidebar(page).getByRole('link', { name: 'Knowledge Base' }).click();
  await expect(page).toHaveURL(/\/knowledge-graph$/);
  await expect(pageHeading(page)).toBeVisible();

  await page.unroute(pomodoroEntry);
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: /Focus timer/ })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

interface Loadable {
  loaded?: boolean;
  lib?: () => unknown;
}
/** one version of a package in the share scope; a tree-shaken build of it is a second loadable beside it */
interface ShareInfo extends Loadable {
  from: string;
  useIn: string[];
  treeShaking?: Loadable;
}
interface FederationGlobal {
  __INSTANCES__: { name: string; shareScopeMap: Record<string, Record<string, Record<string, ShareInfo>>> }[];
}

test('shell and remotes run on one React, one router, one query client library and one SDK, bus and UI kit', async ({
  page,
}) => {
  // React DOM registers each copy of itself with the devtools hook: count them
  await page.addInitScript(() => {
    const w = window as unknown as { __reactRenderers: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: object };
    w.__reactRenderers = 0;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      renderers: new Map(),
      supportsFiber: true,
      inject: () => ++w.__reactRenderers,
      onScheduleFiberRoot() {},
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Invalid hook call|more than one copy of React/i.test(m.text()))
      errors.push(m.text());
  });

  await page.goto('/lessons/1');
  await expect(pageHeading(page)).toBeVisible();
  for (const [link, path] of [
    ['Home', '/home'],
    ['Goals', '/goals'],
    ['Roadmap', '/learning-plan'],
    ['Knowledge Base', '/knowledge-graph'],
    ['Settings', '/settings'],
  ] as const) {
    await sidebar(page).getByRole('link', { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(pageHeading(page)).toBeVisible();
  }
  await expect(page.getByRole('tabpanel').getByLabel('Username')).toBeVisible(); // auth's ProfileTab
  await expect(page.getByRole('alert')).toHaveCount(0);

  const found = await page.evaluate(() => {
    const federation = (globalThis as unknown as { __FEDERATION__: FederationGlobal }).__FEDERATION__;
    const instances = federation.__INSTANCES__;
    const scopes = instances.map((i) => i.shareScopeMap.default);
    const scope = scopes[0] ?? {};
    const packages = Object.fromEntries(
      Object.entries(scope).map(([pkg, versions]) => {
        // every copy of the package that was loaded: the full build and/or a tree-shaken one, per version
        const loaded = Object.values(versions).flatMap((info) =>
          [info, info.treeShaking]
            .filter((l): l is Loadable => Boolean(l?.loaded && l.lib))
            .map((l) => ({ info, lib: l.lib?.() })),
        );
        return [
          pkg,
          {
            copies: loaded.length,
            instances: new Set(loaded.map((l) => l.lib)).size,
            from: loaded.map((l) => l.info.from),
            usedBy: loaded.flatMap((l) => l.info.useIn),
          },
        ];
      }),
    );
    return {
      renderers: (window as unknown as { __reactRenderers: number }).__reactRenderers,
      apps: instances.map((i) => i.name).sort(),
      oneShareScope: scopes.every((s) => s === scopes[0]),
      packages,
    };
  });

  expect(errors).toEqual([]);
  expect(found.renderers, 'copies of React DOM that registered').toBe(1);
  // every remote visited joined the shell's federation, on one share scope
  expect(found.apps).toEqual(
    ['shell', 'mf_auth', 'mf_goals', 'mf_lessons', 'mf_notes', 'mf_pomodoro', 'mf_roadmap'].sort(),
  );
  expect(found.oneShareScope).toBe(true);
  for (const pkg of ['react', 'react/jsx-runtime', 'react-dom', 'react-router', '@tanstack/react-query']) {
    expect(found.packages[pkg], pkg).toMatchObject({ copies: 1, instances: 1, from: ['shell'] });
  }
  // every app renders with the shell's React
  expect(new Set(found.packages['react/jsx-runtime']?.usedBy)).toEqual(new Set(found.apps));
  const mindpath = Object.keys(found.packages).filter((p) => /^@mindpath\/(sdk|events|ui)\b/.test(p));
  expect(mindpath).toEqual(expect.arrayContaining(['@mindpath/events', '@mindpath/sdk/hooks']));
  for (const pkg of mindpath) {
    const info = found.packages[pkg]!;
    // a module no app has imported yet is registered but not loaded; one that is loaded is loaded once
    expect(info.copies, pkg).toBeLessThanOrEqual(1);
    expect(info.instances, pkg).toBe(info.copies);
  }
  expect(found.packages['@mindpath/events']).toMatchObject({ copies: 1, instances: 1 });
  expect(found.packages['@mindpath/sdk/hooks']).toMatchObject({ copies: 1, instances: 1 });
});
