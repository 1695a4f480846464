import type { RemoteName } from '@mindpath/contracts/remotes-constants';

// What the shell tells the API about the remotes it loads (POST /api/remote-loads, POST /api/client-errors),
// which a canary's automatic rollback and the metrics count. Plain fetch, not the SDK (which brings zod):
// fire-and-forget, never throwing, sent with keepalive so a report survives the page being left. Never a
// personal detail: the remote, its version, the error's name and a message without URLs, emails or ids.

/** The contract's limits (shared/contracts/src/client-reports.ts, with zod; a test holds them in step). */
export const ERROR_NAME_MAX = 100;
export const ERROR_MESSAGE_MAX = 500;

export type FailurePhase = 'load' | 'render';

export interface ClientReporter {
  /** a remote's module loaded; sent once per remote version per page load */
  loaded(remote: RemoteName, version: string): void;
  /** a remote failed to load or threw while rendering; sent once per remote version and phase per page load */
  failed(remote: RemoteName, version: string, phase: FailurePhase, error: unknown): void;
}

const URL_PATTERN = /\b(?:https?|wss?|blob|data):[^\s'"`<>)]+/gi;
const EMAIL_PATTERN = /[^\s@'"`<>()]+@[^\s@'"`<>()]+\.[a-z]{2,}/gi;
const UUID_PATTERN = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;

/** An error's message without what could point at a learner (a page URL, an email, an id), cut to size. */
export function scrubMessage(message: string): string {
  return message
    .replace(URL_PATTERN, '<url>')
    .replace(EMAIL_PATTERN, '<email>')
    .replace(UUID_PATTERN, '<id>')
    .slice(0, ERROR_MESSAGE_MAX);
}

function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error)
    return {
      name: String(error.name).slice(0, ERROR_NAME_MAX),
      message: scrubMessage(String(error.message)),
    };
  return { name: typeof error, message: scrubMessage(String(error)) };
}

export function createClientReporter({
  origin = '',
  fetch: doFetch = (...args) => globalThis.fetch(...args),
}: {
  /** where the API is: '' is the page's own origin (the one URL) */
  origin?: string;
  fetch?: typeof fetch;
} = {}): ClientReporter {
  const sent = new Set<string>();
  const post = (path: string, body: object) => {
    try {
      void doFetch(`${origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        keepalive: true,
        credentials: 'omit',
      }).catch(() => {}); // a report lost is a figure missing, never an error of the page
    } catch {
      // no fetch (an old browser, a test environment): nothing to report with
    }
  };
  const once = (key: string) => {
    if (sent.has(key)) return false;
    sent.add(key);
    return true;
  };
  return {
    loaded(remote, version) {
      if (once(`loaded ${remote} ${version}`)) post('/api/remote-loads', { remote, version });
    },
    failed(remote, version, phase, error) {
      if (once(`${phase} ${remote} ${version}`))
        post('/api/client-errors', { remote, version, phase, ...describe(error) });
    },
  };
}

/** The page's one reporter. */
export const clientReporter: ClientReporter = createClientReporter();

/** Errors the registry threw while loading (and reported as such): the error boundary must not count them again. */
const loadErrors = new WeakSet<object>();

export function markLoadError(error: unknown): void {
  if (typeof error === 'object' && error !== null) loadErrors.add(error);
}

export function isLoadError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && loadErrors.has(error);
}
