import type { RemoteRelease, RemotesManifest } from '@mindpath/contracts/remotes';
import { REMOTES, type RemoteModuleId, type RemoteName } from '@mindpath/contracts/remotes-constants';
import { bus } from '@mindpath/events';
import { chunkLoadingGlobalOf } from '@mindpath/mf/globals';
import { type ChosenRelease, chooseRelease, canaryId as learnerCanaryId } from './canary-choice.ts';
import { type ClientReporter, clientReporter, markLoadError } from './client-reports.ts';
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
  /**
   * The version of `name` this page loads (the stable one or the learner's canary); undefined before
   * /remotes.json is read, and in the build's prerender, which loads bundles that have no version.
   */
  chosenVersion?(name: RemoteName): string | undefined;
  /** `listener` hears of a remote registered afresh with another version (the learner logged in or out) */
  onSwitch?(listener: (name: RemoteName) => void): () => void;
}

const remoteOf = (id: RemoteModuleId) => id.slice(0, id.indexOf('/')) as RemoteName;

/**
 * Reads /remotes.json and registers every remote's mf-manifest.json with the federation runtime under the
 * contract's alias (`goals`), so `loadRemote('goals/GoalsPage')` finds it (DESIGN §3). A remote with a
 * canary is registered at the version the learner's id picks (canary-choice.ts); when the learner logs in
 * or out, a remote whose pick changes is registered afresh, so its next render loads the learner's own.
 */
export function createRemoteRegistry({
  runtime,
  fetchManifest = () => fetchRemotesManifest(),
  timeoutMs = REMOTE_LOAD_TIMEOUT_MS,
  global = globalThis as unknown as Record<string, unknown>,
  canaryId = learnerCanaryId,
  reporter = clientReporter,
  onAuthChange = (listener) => bus.on('auth-change', listener),
}: {
  runtime: FederationRuntime;
  fetchManifest?: () => Promise<RemotesManifest>;
  timeoutMs?: number;
  /** where the remotes' builds keep their globals (the window) */
  global?: Record<string, unknown>;
  /** the id the canary choice hashes (the learner's, else the browser's anonymous one) */
  canaryId?: () => string;
  reporter?: ClientReporter;
  onAuthChange?: (listener: () => void) => () => void;
}): RemoteRegistry {
  let current: Promise<RemotesManifest> | undefined;
  /** the last /remotes.json read: what a login or logout chooses from again */
  let latest: RemotesManifest | undefined;
  const registered = new Map<RemoteName, ChosenRelease>();
  const switchListeners = new Set<(name: RemoteName) => void>();

  const toRemote = (name: RemoteName, entry: string) => ({ name: REMOTES[name].scope, alias: name, entry });

  /** registers the remotes not yet known to the runtime (a remote already registered keeps its version) */
  function registerNew(manifest: RemotesManifest): void {
    latest = manifest;
    const id = canaryId();
    const fresh: [RemoteName, ChosenRelease][] = [];
    for (const [n, release] of Object.entries(manifest.remotes) as [RemoteName, RemoteRelease | undefined][])
      if (release && !registered.has(n)) fresh.push([n, chooseRelease(n, release, id)]);
    for (const [n, chosen] of fresh) registered.set(n, chosen);
    if (fresh.length) runtime.registerRemotes(fresh.map(([n, c]) => toRemote(n, c.entry)));
  }

  /** registers `name` afresh: the runtime drops its cached manifest, entry and modules of it */
  function registerAgain(name: RemoteName, chosen: ChosenRelease): void {
    // the build about to load (maybe another version) must not adopt the chunks of the one loaded before
    delete global[chunkLoadingGlobalOf(REMOTES[name].scope)];
    runtime.registerRemotes([toRemote(name, chosen.entry)], { force: true });
    registered.set(name, chosen);
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

  // the token is stored (or removed) before auth-change is raised: the id read now is the new learner's
  onAuthChange(() => {
    if (!latest) return; // nothing registered yet: the first load chooses with the id of its time
    const id = canaryId();
    for (const [name, before] of [...registered]) {
      const release = latest.remotes[name];
      if (!release) continue;
      const chosen = chooseRelease(name, release, id);
      if (chosen.entry === before.entry) continue;
      registerAgain(name, chosen);
      for (const listener of switchListeners) listener(name);
    }
  });

  async function load<T>(id: RemoteModuleId): Promise<T> {
    const manifest = await init();
    const name = remoteOf(id);
    if (!manifest.remotes[name]) throw new RemoteUnavailableError(`Remote "${name}" is not deployed`);
    const version = registered.get(name)?.version;
    try {
      const mod = await withTimeout(runtime.loadRemote<T>(id), timeoutMs, `Loading ${id}`);
      if (!mod) throw new RemoteUnavailableError(`Remote module ${id} could not be loaded`);
      if (version) reporter.loaded(name, version);
      return mod;
    } catch (err) {
      if (version) reporter.failed(name, version, 'load', err);
      throw err;
    }
  }

  return {
    manifest: init,
    async load<T>(id: RemoteModuleId): Promise<T> {
      try {
        return await load<T>(id);
      } catch (err) {
        markLoadError(err); // the slot's error boundary catches it too, and must not report it as a render
        throw err;
      }
    },
    async reload(name: RemoteName): Promise<void> {
      current = undefined;
      const manifest = await fetchManifest();
      const release = manifest.remotes[name];
      if (release) registerAgain(name, chooseRelease(name, release, canaryId()));
      registerNew(manifest);
      current = Promise.resolve(manifest);
    },
    chosenVersion: (name) => registered.get(name)?.version,
    onSwitch(listener) {
      switchListeners.add(listener);
      return () => {
        switchListeners.delete(listener);
      };
    },
  };
}
