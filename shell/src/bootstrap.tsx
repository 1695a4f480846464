import './global.css';
import { applyTheme, themeStore } from '@mindpath/ui/theme';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { createRoot } from 'react-dom/client';
import { App, createQueryClient } from './app.tsx';
import { takeOver } from './prerender/take-over.ts';
import { createRemoteRegistry } from './remotes/registry.ts';
import { retryPlugin } from './remotes/retry-plugin.ts';

applyTheme(themeStore.get()); // index.html's inline script did this already; keep them in step
registerPlugins([retryPlugin()]);
const registry = createRemoteRegistry({ runtime: { registerRemotes, loadRemote } });
void registry.manifest().catch((err: unknown) => console.error('[mindpath] /remotes.json', err));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const app = <App registry={registry} queryClient={createQueryClient()} />;
if (root.dataset.prerendered === undefined) createRoot(root).render(app);
else {
  // a prerendered public page: the live app renders outside the document and takes its place once settled
  const live = document.createElement('div');
  createRoot(live).render(app);
  takeOver(root, live);
}
