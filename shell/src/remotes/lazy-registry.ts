import type { RemoteRegistry } from './registry.ts';

/**
 * A registry whose implementation (and the contracts' remotes manifest schema, with zod) is loaded on its
 * first use: `load` is what the first render's remote slot calls.
 */
export function lazyRegistry(create: () => Promise<RemoteRegistry>): RemoteRegistry {
  let real: Promise<RemoteRegistry> | undefined;
  const get = () => {
    real ??= create().catch((err: unknown) => {
      real = undefined; // the next use tries again
      throw err;
    });
    return real;
  };
  return {
    load: (id) => get().then((r) => r.load(id)),
    reload: (name) => get().then((r) => r.reload(name)),
    manifest: () => get().then((r) => r.manifest()),
  };
}
