import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RetryOptions {
  /** extra attempts after the first */
  retries?: number;
  /** first backoff; doubles each attempt */
  baseDelayMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Network errors and 408/425/429/5xx are worth another try; a 404 is not (the remote is not deployed). */
const retriable = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500;

export async function fetchWithRetry(
  url: string,
  init: RequestInit,
  options: RetryOptions = {},
): Promise<Response> {
  const { retries = 2, baseDelayMs = 300, fetch: doFetch = globalThis.fetch, sleep = defaultSleep } = options;
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await doFetch(url, init);
      if (res.ok || !retriable(res.status) || attempt >= retries) return res;
    } catch (err) {
      if (attempt >= retries) throw err;
    }
    await sleep(baseDelayMs * 2 ** attempt);
  }
}

/**
 * Federation runtime plugin: retries a remote's manifest fetch and its remoteEntry script a couple of times
 * with exponential backoff before the per-remote error boundary takes over (DESIGN §3). Not
 * @module-federation/retry-plugin: its 0.17.1 retries any response that is not ok, a 404 too, at a fixed
 * delay, and parses the body as JSON to decide.
 */
export function retryPlugin(options: RetryOptions = {}): ModuleFederationRuntimePlugin {
  const { retries = 2, baseDelayMs = 300, sleep = defaultSleep } = options;
  return {
    name: 'mindpath-retry',
    fetch(url: string, init: RequestInit) {
      return fetchWithRetry(url, { ...init, cache: 'no-cache' }, options);
    },
    loadEntryError({ getRemoteEntry, origin, remoteInfo, globalLoading, uniqueKey }) {
      const retry = async () => {
        for (let attempt = 0; attempt < retries; attempt++) {
          await sleep(baseDelayMs * 2 ** attempt);
          delete globalLoading[uniqueKey]; // else getRemoteEntry hands back the failed load
          try {
            const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports: undefined });
            if (exports) return exports;
          } catch {
            // next attempt
          }
        }
        return undefined;
      };
      // the hook's declared type nests a promise; the runtime awaits whatever it gets
      return retry() as unknown as Promise<Promise<Awaited<ReturnType<typeof retry>>> | undefined>;
    },
  };
}
