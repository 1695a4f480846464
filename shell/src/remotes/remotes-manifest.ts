import type { RemoteRelease, RemotesManifest } from '@mindpath/contracts/remotes';
import { isRemotesManifest, type RemoteName } from '@mindpath/contracts/remotes-constants';

export const REMOTES_MANIFEST_URL = '/remotes.json';

export class RemotesManifestError extends Error {
  override name = 'RemotesManifestError';
}

/** Validates /remotes.json; a relative entry (the stable version's, a canary's) is resolved against the page's origin. */
export function parseRemotesManifest(json: unknown, baseUrl: string): RemotesManifest {
  if (!isRemotesManifest(json)) throw new RemotesManifestError('Invalid remotes.json');
  const remotes: RemotesManifest['remotes'] = {};
  for (const [name, info] of Object.entries(json.remotes) as [RemoteName, RemoteRelease | undefined][]) {
    if (!info) continue;
    const { canary } = info;
    remotes[name] = {
      version: info.version,
      entry: new URL(info.entry, baseUrl).href,
      ...(canary && {
        canary: { version: canary.version, entry: new URL(canary.entry, baseUrl).href, share: canary.share },
      }),
    };
  }
  return { updatedAt: json.updatedAt, remotes };
}

/** Fetches /remotes.json past every cache (cache: 'no-cache': revalidated on each load). */
export async function fetchRemotesManifest(
  doFetch: typeof fetch = (...a) => globalThis.fetch(...a),
  baseUrl: string = globalThis.location?.href ?? 'http://localhost/',
): Promise<RemotesManifest> {
  const res = await doFetch(REMOTES_MANIFEST_URL, {
    cache: 'no-cache',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) throw new RemotesManifestError(`/remotes.json answered ${res.status}`);
  return parseRemotesManifest(await res.json(), baseUrl);
}
