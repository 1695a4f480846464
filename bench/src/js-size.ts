// Initial JS, gzip (zlib default level), from the built files:
// - shell: the scripts index.html loads plus every shell chunk requested before React's first commit
//   (observed in Chromium on a cold load of '/': the federation runtime decides what the bootstrap needs;
//   the commit is seen by a stub DevTools hook, since a prerendered '/' holds its markup before any script);
// - each remote's first route: remoteEntry.js + the JS of the first exposed module the contract lists
//   (mf-manifest.json) + the chunks of the remote's shared modules the shell does not provide (each shared
//   module's files, from the same manifest), an upper bound; the Chromium walk's measurement is the note.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REMOTES, type RemoteName } from '@mindpath/contracts/remotes';
import type { Browser } from '@playwright/test';
import { newContext, trackNetwork } from './browser.ts';
import { budget, kb, type Row } from './table.ts';

// The shell: React and react-dom, the federation runtime, the router and the frame of the first page; the
// data layer (TanStack Query, the SDK, the contracts and zod) loads behind it. A remote's first route: its
// remoteEntry.js (the federation runtime core is the shell's) and the feature's first page. /home: a cold,
// signed-in load of the dashboard (react-copies.ts measures it on its walk).
export const BUDGET = { shellKb: 120, remoteFirstRouteKb: 60, homeColdLoadKb: 250 };

const gzCache = new Map<string, number>();
export function gzipSize(file: string): number {
  let n = gzCache.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(file)).length;
    gzCache.set(file, n);
  }
  return n;
}

interface Manifest {
  /** each shared module and the files that provide it */
  shared: { name: string; assets: { js: { sync: string[] } } }[];
  exposes: { path: string; assets: { js: { sync: string[] } } }[];
  metaData: { remoteEntry: { name: string } };
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

export interface LandingLoad {
  /** shell JS (URL paths) requested before the shell's first render */
  shellFiles: string[];
  /** remote JS (URL paths) requested until the landing page settled, by remote: auth's first route */
  remotes: Record<string, { path: string; files: string[] }>;
}

/**
 * An init script: a stub React DevTools hook that stamps React's first commit as `__benchFirstCommit`. The
 * first render is React's, not the first change of #root: a prerendered page holds its markup from the HTML,
 * and the live app renders beside it before taking its place.
 */
function recordFirstCommit() {
  const w = window as unknown as { __benchFirstCommit?: number };
  Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
    value: {
      renderers: new Map(),
      supportsFiber: true,
      isDisabled: false,
      inject: () => 1,
      checkDCE() {},
      onCommitFiberRoot() {
        w.__benchFirstCommit ??= performance.now();
      },
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
    },
  });
}

/** A cold, signed-out load of '/': what JS the shell needs before its first render, and what the landing costs. */
export async function loadLanding(browser: Browser, base: string, heading: string): Promise<LandingLoad> {
  const context = await newContext(browser, base);
  await context.addInitScript(recordFirstCommit);
  try {
    const page = await context.newPage();
    const network = trackNetwork(page);
    await page.goto('/');
    await page.waitForFunction(
      (text) => [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === text),
      heading,
    );
    await network.settled();
    const shellFiles = await page.evaluate(() => {
      const firstRender = (window as unknown as { __benchFirstCommit: number }).__benchFirstCommit;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime < firstRender)
        .map((e) => new URL(e.name).pathname)
        .filter((p) => p.endsWith('.js') && !p.startsWith('/remotes/'));
    });
    const remotes: LandingLoad['remotes'] = {};
    for (const f of network.urls) {
      const remote = /^\/remotes\/([^/]+)\//.exec(f)?.[1];
      if (!remote || !f.endsWith('.js')) continue;
      remotes[remote] ??= { path: '/', files: [] };
      remotes[remote].files.push(f);
    }
    return { shellFiles, remotes };
  } finally {
    await context.close();
  }
}

export function measureShellJs(
  shellDist: string,
  beforeFirstRender: string[],
): { rows: Row[]; gzip: number; files: string[] } {
  const html = readFileSync(join(shellDist, 'index.html'), 'utf8');
  const fromHtml = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]!);
  const files = [...new Set([...fromHtml, ...beforeFirstRender].map((p) => p.replace(/^\//, '')))];
  const gzip = files.reduce((sum, f) => sum + gzipSize(join(shellDist, f)), 0);
  const raw = files.reduce((sum, f) => sum + readFileSync(join(shellDist, f)).length, 0);
  const ok = gzip <= BUDGET.shellKb * 1024;
  return {
    gzip,
    files,
    rows: [
      {
        area: 'initial JS',
        metric: 'shell (before first render)',
        value: kb(gzip),
        check: budget(ok, `≤ ${BUDGET.shellKb} KB`),
        note: `${files.length} files (${fromHtml.length} in index.html), ${kb(raw)} raw`,
      },
    ],
  };
}

export interface RemoteJs {
  remote: string;
  expose: string;
  gzip: number;
  files: string[];
  /** remoteEntry.js alone: the container and its federation runtime */
  entryGzip: number;
  observed?: { path: string; gzip: number };
}

export function measureRemoteJs(
  deployDir: string,
  shellDist: string,
  observed: Record<string, { path: string; files: string[] }>,
): { rows: Row[]; results: RemoteJs[] } {
  const hostShared = new Set(
    readJson<Manifest>(join(shellDist, 'mf-manifest.json')).shared.map((s) => s.name),
  );
  const live = readJson<{ remotes: Record<string, { entry: string; version: string }> }>(
    join(deployDir, 'remotes.json'),
  );
  const results: RemoteJs[] = [];
  for (const [remote, { entry }] of Object.entries(live.remotes)) {
    const dir = join(deployDir, entry, '..');
    const manifest = readJson<Manifest>(join(deployDir, entry));
    const expose = REMOTES[remote as RemoteName].exposes[0];
    const exposed = manifest.exposes.find((e) => e.path === expose);
    if (!exposed) throw new Error(`${remote} does not expose ${expose}`);
    const entryFile = manifest.metaData.remoteEntry.name;
    const unshared = manifest.shared.filter((s) => !hostShared.has(s.name));
    const files = [
      ...new Set([entryFile, ...exposed.assets.js.sync, ...unshared.flatMap((s) => s.assets.js.sync)]),
    ];
    const gzip = files.reduce((sum, f) => sum + gzipSize(join(dir, f)), 0);
    const seen = observed[remote];
    results.push({
      remote,
      expose,
      gzip,
      files,
      entryGzip: gzipSize(join(dir, entryFile)),
      ...(seen
        ? {
            observed: {
              path: seen.path,
              gzip: seen.files.reduce((s, f) => s + gzipSize(join(deployDir, f)), 0),
            },
          }
        : {}),
    });
  }
  // The budget holds for what Chromium fetched when the walk saw the route (the learner's cost); the
  // build-based figure is an upper bound (it counts fallbacks of shared modules the shell provides).
  const rows: Row[] = results.map((r) => {
    const cost = r.observed?.gzip ?? r.gzip;
    return {
      area: 'initial JS',
      // the walk sees a remote where it is first used (mf-lessons: its tutor launcher on /home), the
      // build figure counts the first exposed module
      metric: r.observed
        ? `mf-${r.remote} first load (${r.observed.path})`
        : `mf-${r.remote} first route (${r.expose.slice(2)})`,
      value: kb(cost),
      check: budget(cost <= BUDGET.remoteFirstRouteKb * 1024, `≤ ${BUDGET.remoteFirstRouteKb} KB`),
      note: `${r.observed ? `fetched in Chromium on ${r.observed.path}; ` : ''}upper bound from the build ${kb(r.gzip)} in ${r.files.length} files, remoteEntry.js ${kb(r.entryGzip)}`,
    };
  });
  return { rows, results };
}
