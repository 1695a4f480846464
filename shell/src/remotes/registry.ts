import type { RemotesManifest } from '@mindpath/contracts/remotes';
import { REMOTES, type RemoteModuleId, type RemoteName } from '@mindpath/contracts/remotes-constants';
import { chunkLoadingGlobalOf } from '@mindpath/mf/globals';
import { fetchRemotesManifest } from './remotes-manifest.ts';
import { REMOTE_LOAD_TIMEOUT_MS, withTimeout } from './with-timeout.ts';

/** The parts of the federation runtime the registry uses (injected, so tests need no runtime). */
export interface FederationRuntime {
  registerRemotes(
    remotes: { name: string; alias?: string; entry: string }[],
    options?: { force?: boolean },
  ): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export class RemoteUnavailableError extends Error {
  override name = 'RemoteUnavailableError';
}

export interface RemoteRegistry {
  /** loads a remote's exposed module; rejects when the remote is not deployed or fails to load */
  load<T>(id: RemoteModuleId): Promise<T>;
  /** re-reads /remotes.json and re-registers one remote, dropping the runtime's caches of it */
  reload(name: RemoteName): Promise<void>;
  /** the live manifest (after the first load) */
  manifest(): Promise<RemotesManifest>;
}

const remoteOf = (id: RemoteModuleId) => id.slice(0, id.indexOf('/')) as RemoteName;

/**
 * Reads /remotes.json and registers every remote's mf-manifest.json with the federation runtime under the
 * contract's alias (`goals`), so `loadRemote('goals/GoalsPage')` finds it (DESIGN §3).
 */
export function createRemoteRegistry({
  runtime,
  fetchManifest = () => fetchRemotesManifest(),
  timeoutMs = REMOTE_LOAD_TIMEOUT_MS,
  global = globalThis as unknown as Record<string, unknown>,
}: {
  runtime: FederationRuntime;
  fetchManifest?: () => Promise<RemotesManifest>;
  timeoutMs?: number;
  /** where the remotes' builds keep their globals (the window) */
  global?: Record<string, unknown>;
}): RemoteRegistry {
  let current: Promise<RemotesManifest> | undefined;
  const registered = new Map<RemoteName, string>();

  const toRemote = (name: RemoteName, entry: string) => ({ name: REMOTES[name].scope, alias: name, entry });

  /** registers the remotes not yet known to the runtime (a remote already registered keeps its entry) */
  function registerNew(manifest: RemotesManifest): void {
    const fresh = (Object.entries(manifest.remotes) as [RemoteName, { entry: string }][]).filter(
      ([n]) => !registered.has(n),
    );
    for (const [n, r] of fresh) registered.set(n, r.entry);
    if (fresh.length) runtime.registerRemotes(fresh.map(([n, r]) => toRemote(n, r.entry)));
  }

  function init(): Promise<RemotesManifest> {
    current ??= fetchManifest().then(
      (manifest) => {
        registerNew(manifest);
        return manifest;
      },
      (err: unknown) => {
        current = undefined; // a later load tries /remotes.json again
        throw err;
      },
    );
    return current;
  }

  return {
    manifest: init,
    async load<T>(id: RemoteModuleId): Promise<T> {
      const manifest = await init();
      const name = remoteOf(id);
      if (!manifest.remotes[name]) throw new RemoteUnavailableError(`Remote "${name}" is not deployed`);
      const mod = await withTimeout(runtime.loadRemote<T>(id), timeoutMs, `Loading ${id}`);
      if (!mod) throw new RemoteUnavailableError(`Remote module ${id} could not be loaded`);
      return mod;
    },
    async reload(name: RemoteName): Promise<void> {
      current = undefined;
      const manifest = await fetchManifest();
      const entry = manifest.remotes[name];
      if (entry) {
        // the build about to load (maybe another version) must not adopt the chunks of the one loaded before
        delete global[chunkLoadingGlobalOf(REMOTES[name].scope)];
        // force: the runtime drops its cached manifest, entry and modules of this remote and loads afresh
        runtime.registerRemotes([toRemote(name, entry.entry)], { force: true });
        registered.set(name, entry.entry);
      }
      registerNew(manifest);
      current = Promise.resolve(manifest);
    },
  };
}
