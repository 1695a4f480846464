// React copies loaded in one page while the learner walks through routes served by several remotes (SPA
// navigation, so every remote lands in the same page). Three independent signals, all must say 1:
// - the federation share scopes: distinct loaded instances of 'react' (version × providing container);
// - React DOM renderers that registered with a stub DevTools hook (a second react-dom registers again);
// - requests for a remote's own bundled copy of react / react-dom (its shared fallback chunks).
// The walk's first step is a cold, signed-in load: its JS (gzip, as the wire carries it) is the budget of
// /home's cold load when the walk starts there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { newContext, trackNetwork } from './browser.ts';
import { BUDGET } from './js-size.ts';
import { budget, kb, type Row } from './table.ts';

export interface Step {
  path: string;
  heading: string;
}

interface RemoteManifest {
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

const REACT_PACKAGES = new Set(['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client']);

/** URL paths of every remote's own react/react-dom chunks in the live deployment. */
function remoteReactChunks(deployDir: string): Set<string> {
  const live = JSON.parse(readFileSync(join(deployDir, 'remotes.json'), 'utf8')) as {
    remotes: Record<string, { entry: string }>;
  };
  const chunks = new Set<string>();
  for (const { entry } of Object.values(live.remotes)) {
    const manifest = JSON.parse(readFileSync(join(deployDir, entry), 'utf8')) as RemoteManifest;
    const dir = entry.slice(0, entry.lastIndexOf('/') + 1);
    for (const s of manifest.shared.filter((s) => REACT_PACKAGES.has(s.name)))
      for (const f of [...s.assets.js.sync, ...s.assets.js.async]) chunks.add(dir + f);
  }
  return chunks;
}

export interface ReactCopies {
  copies: number;
  renderers: number;
  remoteReactFetches: string[];
  containers: string[];
  /** per remote: its JS files (URL paths) fetched on the route where it first appeared */
  firstRouteJs: Record<string, { path: string; files: string[] }>;
  /** the first step's cold load: every JS file it fetched and their gzip total */
  coldLoad: { path: string; gzip: number; files: number };
}

export async function measureReactCopies(
  browser: Browser,
  base: string,
  deployDir: string,
  token: string,
  steps: Step[],
): Promise<{ rows: Row[]; result: ReactCopies }> {
  const reactChunks = remoteReactChunks(deployDir);
  const context = await newContext(browser, base, token);
  await context.addInitScript(() => {
    const renderers = new Map<number, unknown>();
    Object.defineProperty(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      value: {
        renderers,
        supportsFiber: true,
        isDisabled: false,
        inject(renderer: unknown) {
          renderers.set(renderers.size + 1, renderer);
          return renderers.size;
        },
        checkDCE() {},
        onCommitFiberRoot() {},
        onCommitFiberUnmount() {},
        onPostCommitFiberRoot() {},
      },
    });
  });
  const page = await context.newPage();
  const network = trackNetwork(page);
  const fetched = network.urls;
  // the first step's scripts, gzipped from their bodies (the shell's files and the remotes' alike)
  let firstStep = true;
  const coldScripts: Promise<number>[] = [];
  page.on('response', (r) => {
    if (firstStep && new URL(r.url()).pathname.endsWith('.js'))
      coldScripts.push(
        r.body().then(
          (b) => gzipSync(b).length,
          () => 0,
        ),
      );
  });
  const firstRouteJs: ReactCopies['firstRouteJs'] = {};
  try {
    for (const [i, step] of steps.entries()) {
      const before = fetched.length;
      if (i === 0) await page.goto(step.path);
      else
        await page.evaluate((p) => {
          history.pushState(null, '', p);
          dispatchEvent(new PopStateEvent('popstate'));
        }, step.path);
      await page.waitForFunction(
        (text) => [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === text),
        step.heading,
        {
          timeout: 30_000,
        },
      );
      await network.settled();
      firstStep = false;
      for (const f of fetched.slice(before)) {
        const remote = /^\/remotes\/([^/]+)\//.exec(f)?.[1];
        if (!remote || !f.endsWith('.js')) continue;
        const seen = firstRouteJs[remote];
        if (!seen) firstRouteJs[remote] = { path: step.path, files: [f] };
        else if (seen.path === step.path) seen.files.push(f);
      }
    }
    const scope = await page.evaluate(() => {
      type Entry = { loaded?: boolean; lib?: unknown; from: string; useIn?: string[] };
      const fed = (
        globalThis as {
          __FEDERATION__?: {
            __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>>;
            __INSTANCES__: { name: string }[];
          };
        }
      ).__FEDERATION__;
      if (!fed) throw new Error('no __FEDERATION__ global: is this the federated shell?');
      const copies = new Set<string>();
      const users = new Set<string>();
      for (const scopes of Object.values(fed.__SHARE__))
        for (const pkgs of Object.values(scopes))
          for (const [version, e] of Object.entries(pkgs.react ?? {}))
            if (e.loaded || e.lib) {
              copies.add(`react@${version} from ${e.from}`);
              for (const u of e.useIn ?? []) users.add(u);
            }
      const hook = (
        window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: Map<number, unknown> } }
      ).__REACT_DEVTOOLS_GLOBAL_HOOK__;
      return {
        copies: [...copies],
        users: [...users],
        renderers: hook.renderers.size,
        containers: fed.__INSTANCES__.map((i) => i.name),
      };
    });
    const remoteReactFetches = fetched.filter((f) => reactChunks.has(f));
    const coldGzip = (await Promise.all(coldScripts)).reduce((n, b) => n + b, 0);
    const result: ReactCopies = {
      copies: scope.copies.length,
      renderers: scope.renderers,
      remoteReactFetches,
      containers: scope.containers,
      firstRouteJs,
      coldLoad: { path: steps[0]!.path, gzip: coldGzip, files: coldScripts.length },
    };
    const ok = result.copies === 1 && result.renderers === 1 && remoteReactFetches.length === 0;
    const rows: Row[] = [
      {
        area: 'react',
        metric: 'React copies loaded',
        value: String(result.copies),
        check: { ok, label: 'must be 1' },
        note: `${scope.copies.join(', ')}; used by ${scope.users.join(', ')}; ${result.renderers} react-dom renderer(s); ${remoteReactFetches.length} remote react chunk(s) fetched; walk ${steps.map((s) => s.path).join(' → ')}`,
      },
      ...(result.coldLoad.path === '/home'
        ? [
            {
              area: 'initial JS',
              metric: '/home: JS of a cold load, signed in',
              value: kb(coldGzip),
              check: budget(coldGzip <= BUDGET.homeColdLoadKb * 1024, `≤ ${BUDGET.homeColdLoadKb} KB`),
              note: `${result.coldLoad.files} scripts (the shell, the remotes on the dashboard and the shared modules) until the network settled; a new learner (no goals)`,
            },
          ]
        : []),
    ];
    return { rows, result };
  } finally {
    await context.close();
  }
}
