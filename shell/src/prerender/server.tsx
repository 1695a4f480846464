// The shell's side of the build's prerender (scripts/prerender.ts), compiled for Node by
// shared/mf/src/ssr-config.ts: the live app's own tree, at one path, rendered by React's server renderer.
import type { RemoteModuleId } from '@mindpath/contracts/remotes';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from '../app.tsx';
import { createQueryClient } from '../data/data-scope.tsx';
import { markFirstCommit } from '../first-commit.ts';
import type { RemoteRegistry } from '../remotes/registry.ts';

/** A remote's exposed module as the prerender has it: its Node bundle, already compiled. */
export type LoadRemote = (id: RemoteModuleId) => Promise<unknown>;

/**
 * `path`'s markup as a first-time visitor's browser renders it (no session, no cookie choice, the default
 * theme), once every remote page and slot on it has loaded: the prerender waits for each lazy component.
 */
export async function renderPath(path: string, loadRemote: LoadRemote): Promise<string> {
  markFirstCommit(); // no effects on the server: what the browser loads after its first render, loads now
  const registry: RemoteRegistry = {
    load: <T,>(id: RemoteModuleId) => loadRemote(id) as Promise<T>,
    reload: async () => {},
    manifest: () => Promise.reject(new Error('no /remotes.json at build time')),
  };
  // an error would leave a boundary's fallback in the page for the browser to render: the build fails instead
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <App registry={registry} queryClient={createQueryClient()} location={path} />,
    // one document, every boundary in place: no boundary sent ahead and completed by an inline script
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (errors.length) throw new AggregateError(errors, `prerender ${path}: ${errors.map(String).join('; ')}`);
  return html;
}
