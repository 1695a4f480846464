import type { RemoteLifecycles } from './lifecycles.tsx';

/**
 * A remote's standalone dev page (`pnpm --filter @mindpath/mf-goals dev`): mounts its lifecycles into
 * #root at the page's path, against the real API through the dev server's /api proxy.
 */
export async function mountStandalone(name: string, lifecycles: RemoteLifecycles): Promise<void> {
  const domElement = document.getElementById('root');
  if (!domElement) throw new Error('standalone page has no #root');
  const path = window.location.pathname;
  const props = { name, domElement, ...(path !== '/' ? { initialPath: path + window.location.search } : {}) };
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
}
