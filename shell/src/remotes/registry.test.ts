import type { RemotesManifest } from '@mindpath/contracts/remotes';
import { describe, expect, it, vi } from 'vitest';
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
