import type { RemoteName } from '@mindpath/contracts/remotes-constants';
import type { RemoteRegistry } from './registry.ts';

/**
 * A registry whose implementation (and the contracts' remotes manifest schema, with zod) is loaded on its
 * first use: `load` is what the first render's remote slot calls.
 */
export function lazyRegistry(create: () => Promise<RemoteRegistry>): RemoteRegistry {
  let real: Promise<RemoteRegistry> | undefined;
  let made: RemoteRegistry | undefined;
  const switchListeners = new Set<(name: RemoteName) => void>();
  const get = () => {
    real ??= create().then(
      (registry) => {
        made = registry;
        registry.onSwitch?.((name) => {
          for (const listener of switchListeners) listener(name);
        });
        return registry;
      },
      (err: unknown) => {
        real = undefined; // the next use tries again
        throw err;
      },
    );
    return real;
  };
  return {
    load: (id) => get().then((r) => r.load(id)),
    reload: (name) => get().then((r) => r.reload(name)),
    manifest: () => get().then((r) => r.manifest()),
    chosenVersion: (name) => made?.chosenVersion?.(name),
    onSwitch(listener) {
      switchListeners.add(listener);
      return () => {
        switchListeners.delete(listener);
      };
    },
  };
}
