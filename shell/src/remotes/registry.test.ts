import { inCanary } from '@mindpath/contracts/canary-constants';
import type { RemoteName, RemotesManifest } from '@mindpath/contracts/remotes';
import { describe, expect, it, vi } from 'vitest';
import type { ClientReporter } from './client-reports.ts';
import { isLoadError } from './client-reports.ts';
import { createRemoteRegistry, type FederationRuntime, RemoteUnavailableError } from './registry.ts';
import { fetchRemotesManifest, parseRemotesManifest, RemotesManifestError } from './remotes-manifest.ts';
import { fetchWithRetry } from './retry-plugin.ts';
import { TimeoutError } from './with-timeout.ts';

const manifest = (entries: Record<string, string>): RemotesManifest => ({
  updatedAt: '2026-01-01T00:00:00Z',
  remotes: Object.fromEntries(
    Object.entries(entries).map(([n, v]) => [
      n,
      { version: v, entry: `/remotes/${n}/${v}/mf-manifest.json` },
    ]),
  ),
});

describe('remotes.json', () => {
  it('parses and resolves relative entries against the page', () => {
    const m = parseRemotesManifest(manifest({ goals: '1.0.0' }), 'http://localhost:8080/goals');
    expect(m.remotes.goals).toEqual({
      version: '1.0.0',
      entry: 'http://localhost:8080/remotes/goals/1.0.0/mf-manifest.json',
    });
  });

  it('keeps a canary, its entry resolved too, and refuses a share out of range', () => {
    const m = parseRemotesManifest(
      {
        updatedAt: 't',
        remotes: {
          goals: {
            version: '1',
            entry: '/remotes/goals/1/mf-manifest.json',
            canary: { version: '2', entry: '/remotes/goals/2/mf-manifest.json', share: 10 },
          },
        },
      },
      'http://localhost:8080/home',
    );
    expect(m.remotes.goals?.canary).toEqual({
      version: '2',
      entry: 'http://localhost:8080/remotes/goals/2/mf-manifest.json',
      share: 10,
    });
    for (const share of [0, 100, -1])
      expect(() =>
        parseRemotesManifest(
          {
            updatedAt: 't',
            remotes: { goals: { version: '1', entry: '/a', canary: { version: '2', entry: '/b', share } } },
          },
          'http://h/',
        ),
      ).toThrow(RemotesManifestError);
  });

  it('rejects an unknown remote name or a missing field', () => {
    expect(() =>
      parseRemotesManifest({ updatedAt: 'x', remotes: { nope: { version: '1', entry: '/a' } } }, 'http://h/'),
    ).toThrow(RemotesManifestError);
    expect(() => parseRemotesManifest({ remotes: {} }, 'http://h/')).toThrow(RemotesManifestError);
  });

  it('is fetched with cache: no-cache, and a failed answer is an error', async () => {
    const fetch = vi.fn(async () => Response.json(manifest({ notes: '2' })));
    await fetchRemotesManifest(fetch, 'http://h/');
    expect(fetch).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-cache' }));
    await expect(
      fetchRemotesManifest(async () => new Response('', { status: 404 }), 'http://h/'),
    ).rejects.toThrow('404');
  });
});

function fakeRuntime(modules: Record<string, unknown> = {}): FederationRuntime & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    registerRemotes: (remotes, options) => {
      calls.push([remotes, options]);
    },
    loadRemote: async <T>(id: string) =>
      id in modules ? (modules[id] as T) : Promise.reject(new Error(`no ${id}`)),
  };
}

describe('remote registry', () => {
  it('registers every remote under its contract scope with the name as alias, once', async () => {
    const runtime = fakeRuntime({ 'goals/GoalsPage': { default: 'G' } });
    const registry = createRemoteRegistry({
      runtime,
      fetchManifest: async () => manifest({ goals: '1', notes: '1' }),
    });
    await expect(registry.load('goals/GoalsPage')).resolves.toEqual({ default: 'G' });
    await registry.load('goals/GoalsPage');
    expect(runtime.calls).toEqual([
      [
        [
          { name: 'mf_goals', alias: 'goals', entry: '/remotes/goals/1/mf-manifest.json' },
          { name: 'mf_notes', alias: 'notes', entry: '/remotes/notes/1/mf-manifest.json' },
        ],
        undefined,
      ],
    ]);
  });

  it('a remote missing from remotes.json is unavailable', async () => {
    const registry = createRemoteRegistry({
      runtime: fakeRuntime(),
      fetchManifest: async () => manifest({}),
    });
    await expect(registry.load('billing/SubscriptionCancelPage')).rejects.toBeInstanceOf(
      RemoteUnavailableError,
    );
  });

  it('a failed /remotes.json is fetched again on the next load', async () => {
    const fetchManifest = vi
      .fn<() => Promise<RemotesManifest>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(manifest({ goals: '1' }));
    const registry = createRemoteRegistry({
      runtime: fakeRuntime({ 'goals/HomePage': { default: 1 } }),
      fetchManifest,
    });
    await expect(registry.load('goals/HomePage')).rejects.toThrow('down');
    await expect(registry.load('goals/HomePage')).resolves.toEqual({ default: 1 });
  });

  it('reload re-reads remotes.json and force-registers that remote (a redeployed version)', async () => {
    const runtime = fakeRuntime();
    const fetchManifest = vi
      .fn<() => Promise<RemotesManifest>>()
      .mockResolvedValueOnce(manifest({ goals: '1' }))
      .mockResolvedValue(manifest({ goals: '2' }));
    const global: Record<string, unknown> = { rspackChunkmf_goals: [[[1], {}]], rspackChunkmf_notes: [] };
    const registry = createRemoteRegistry({ runtime, fetchManifest, global });
    await registry.manifest();
    await registry.reload('goals');
    // the new build's runtime must not adopt the old build's chunks (same chunk and module ids)
    expect(global).toEqual({ rspackChunkmf_notes: [] });
    expect(runtime.calls[1]).toEqual([
      [{ name: 'mf_goals', alias: 'goals', entry: '/remotes/goals/2/mf-manifest.json' }],
      { force: true },
    ]);
  });

  it('times out a load that never settles', async () => {
    vi.useFakeTimers();
    const runtime = { ...fakeRuntime(), loadRemote: () => new Promise<never>(() => {}) };
    const registry = createRemoteRegistry({
      runtime,
      fetchManifest: async () => manifest({ goals: '1' }),
      timeoutMs: 120_000,
    });
    const p = registry.load('goals/GoalsPage');
    const assertion = expect(p).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(120_000);
    await assertion;
    vi.useRealTimers();
  });
});

describe('retry of manifest fetches', () => {
  it('retries network errors and 5xx with backoff, not 404', async () => {
    const sleep = vi.fn(async () => {});
    const flaky = vi
      .fn<typeof fetch>()
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValue(new Response('{}', { status: 200 }));
    const res = await fetchWithRetry('/m.json', {}, { fetch: flaky, sleep, retries: 2, baseDelayMs: 100 });
    expect(res.status).toBe(200);
    expect(sleep.mock.calls).toEqual([[100], [200]]);
    const missing = vi.fn<typeof fetch>().mockResolvedValue(new Response('', { status: 404 }));
    expect((await fetchWithRetry('/m.json', {}, { fetch: missing, sleep })).status).toBe(404);
    expect(missing).toHaveBeenCalledTimes(1);
  });
});

/** goals 's1' with a canary 'c1' at `share` %, notes 'n1' with none */
const withCanary = (share: number): RemotesManifest => ({
  updatedAt: '2026-01-01T00:00:00Z',
  remotes: {
    goals: {
      version: 's1',
      entry: '/remotes/goals/s1/mf-manifest.json',
      canary: { version: 'c1', entry: '/remotes/goals/c1/mf-manifest.json', share },
    },
    notes: { version: 'n1', entry: '/remotes/notes/n1/mf-manifest.json' },
  },
});

/** ids in and out of goals' canary at `share` %, found by the contract's own assignment */
function idsFor(share: number): { inside: string; outside: string } {
  const ids = Array.from({ length: 1000 }, (_, i) => `learner-${i}`);
  const inside = ids.find((id) => inCanary('goals', id, share));
  const outside = ids.find((id) => !inCanary('goals', id, share));
  if (!inside || !outside) throw new Error('no ids on both sides');
  return { inside, outside };
}

/** what the registry reports, as the calls it makes */
function recordingReporter(): ClientReporter & { calls: unknown[][] } {
  const calls: unknown[][] = [];
  return {
    calls,
    loaded: (remote, version) => void calls.push(['loaded', remote, version]),
    failed: (remote, version, phase, error) => void calls.push(['failed', remote, version, phase, error]),
  };
}

/** an auth-change the test raises */
function authChanges() {
  const listeners: (() => void)[] = [];
  return {
    onAuthChange: (l: () => void) => {
      listeners.push(l);
      return () => {};
    },
    raise: () => {
      for (const l of listeners) l();
    },
  };
}

const goalsEntry = (runtime: { calls: unknown[][] }, call: number) =>
  ((runtime.calls[call]?.[0] ?? []) as { alias: string; entry: string }[]).find((r) => r.alias === 'goals')
    ?.entry;

describe('canary releases in the registry', () => {
  it('registers the canary for a learner in its share and the stable version for the others, the same on every page', async () => {
    const { inside, outside } = idsFor(30);
    for (const [id, version] of [
      [inside, 'c1'],
      [outside, 's1'],
      [inside, 'c1'],
    ] as const) {
      const runtime = fakeRuntime();
      const registry = createRemoteRegistry({
        runtime,
        fetchManifest: async () => withCanary(30),
        canaryId: () => id,
        reporter: recordingReporter(),
        onAuthChange: authChanges().onAuthChange,
      });
      await registry.manifest();
      expect(goalsEntry(runtime, 0)).toBe(`/remotes/goals/${version}/mf-manifest.json`);
      expect(registry.chosenVersion?.('goals')).toBe(version);
      expect(registry.chosenVersion?.('notes')).toBe('n1');
    }
  });

  it('reports a load with the version chosen, once it has loaded, and a failed load as phase load', async () => {
    const { inside } = idsFor(30);
    const reporter = recordingReporter();
    const registry = createRemoteRegistry({
      runtime: fakeRuntime({ 'goals/GoalsPage': { default: 'G' } }),
      fetchManifest: async () => withCanary(30),
      canaryId: () => inside,
      reporter,
      onAuthChange: authChanges().onAuthChange,
    });
    await registry.load('goals/GoalsPage');
    const failure = await registry.load('notes/KnowledgeGraphPage').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(isLoadError(failure)).toBe(true); // the slot's boundary leaves it to the registry's report
    expect(reporter.calls).toEqual([
      ['loaded', 'goals', 'c1'],
      ['failed', 'notes', 'n1', 'load', failure],
    ]);
  });

  it('a remote not deployed is not reported (no version to count it against)', async () => {
    const reporter = recordingReporter();
    const registry = createRemoteRegistry({
      runtime: fakeRuntime(),
      fetchManifest: async () => withCanary(30),
      canaryId: () => 'x',
      reporter,
      onAuthChange: authChanges().onAuthChange,
    });
    const failure = await registry.load('billing/PricingPage').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RemoteUnavailableError);
    expect(isLoadError(failure)).toBe(true);
    expect(reporter.calls).toEqual([]);
  });

  it('on login or logout, registers afresh only the remotes whose version changes, and says so', async () => {
    const { inside, outside } = idsFor(30);
    let id = outside;
    const runtime = fakeRuntime();
    const auth = authChanges();
    const global: Record<string, unknown> = { rspackChunkmf_goals: [[[1], {}]] };
    const registry = createRemoteRegistry({
      runtime,
      fetchManifest: async () => withCanary(30),
      canaryId: () => id,
      reporter: recordingReporter(),
      onAuthChange: auth.onAuthChange,
      global,
    });
    const switched: RemoteName[] = [];
    registry.onSwitch?.((name) => switched.push(name));
    await registry.manifest();
    expect(registry.chosenVersion?.('goals')).toBe('s1');

    id = inside; // logged in as a learner in the canary
    auth.raise();
    expect(runtime.calls[1]).toEqual([
      [{ name: 'mf_goals', alias: 'goals', entry: '/remotes/goals/c1/mf-manifest.json' }],
      { force: true },
    ]);
    expect(global).toEqual({}); // the canary's build must not adopt the stable build's chunks
    expect(registry.chosenVersion?.('goals')).toBe('c1');
    expect(switched).toEqual(['goals']);

    auth.raise(); // the same learner again: nothing changes
    expect(runtime.calls).toHaveLength(2);

    id = outside; // logged out
    auth.raise();
    expect(goalsEntry(runtime, 2)).toBe('/remotes/goals/s1/mf-manifest.json');
    expect(switched).toEqual(['goals', 'goals']);
  });

  it('an auth-change before /remotes.json is read registers nothing; the first load chooses with the id of its time', async () => {
    const { inside } = idsFor(30);
    let id = 'nobody-yet';
    const runtime = fakeRuntime();
    const auth = authChanges();
    const registry = createRemoteRegistry({
      runtime,
      fetchManifest: async () => withCanary(30),
      canaryId: () => id,
      reporter: recordingReporter(),
      onAuthChange: auth.onAuthChange,
    });
    id = inside;
    auth.raise();
    expect(runtime.calls).toEqual([]);
    await registry.manifest();
    expect(goalsEntry(runtime, 0)).toBe('/remotes/goals/c1/mf-manifest.json');
  });

  it('Retry after a rollback loads the stable version: reload chooses from the new remotes.json', async () => {
    const { inside } = idsFor(30);
    const runtime = fakeRuntime();
    const fetchManifest = vi
      .fn<() => Promise<RemotesManifest>>()
      .mockResolvedValueOnce(withCanary(30))
      .mockResolvedValue(manifest({ goals: 's1', notes: 'n1' }));
    const registry = createRemoteRegistry({
      runtime,
      fetchManifest,
      canaryId: () => inside,
      reporter: recordingReporter(),
      onAuthChange: authChanges().onAuthChange,
    });
    await registry.manifest();
    expect(registry.chosenVersion?.('goals')).toBe('c1');
    await registry.reload('goals');
    expect(runtime.calls[1]).toEqual([
      [{ name: 'mf_goals', alias: 'goals', entry: '/remotes/goals/s1/mf-manifest.json' }],
      { force: true },
    ]);
    expect(registry.chosenVersion?.('goals')).toBe('s1');
  });
});
