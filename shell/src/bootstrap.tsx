import './global.css';
import { applyTheme, themeStore } from '@mindpath/ui/theme';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { afterFirstCommit } from './first-commit.ts';
import { lazyRegistry } from './remotes/lazy-registry.ts';

applyTheme(themeStore.get()); // index.html's inline script did this already; keep them in step
// the registry, its retries and /remotes.json after the first render, which draws the page's frame without
// them; no remote loads before the registry exists
const registry = lazyRegistry(() =>
  afterFirstCommit(() =>
    Promise.all([
      import('./remotes/registry.ts'),
      import('./remotes/retry-plugin.ts'),
      import('@module-federation/enhanced/runtime'),
    ]),
  ).then(([{ createRemoteRegistry }, { retryPlugin }, { loadRemote, registerPlugins, registerRemotes }]) => {
    registerPlugins([retryPlugin()]);
    return createRemoteRegistry({ runtime: { registerRemotes, loadRemote } });
  }),
);
void registry.manifest().catch((err: unknown) => console.error('[mindpath] /remotes.json', err));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const app = <App registry={registry} />;
if (root.dataset.prerendered === undefined) createRoot(root).render(app);
else {
  // a prerendered public page: the live app renders outside the document and takes its place once settled
  const live = document.createElement('div');
  createRoot(live).render(app);
  // the live page gets its heading with its remote, well after the swap is wired (which checks at once too)
  void afterFirstCommit(() => import('./prerender/take-over.ts')).then(({ takeOver }) =>
    takeOver(root, live),
  );
}
