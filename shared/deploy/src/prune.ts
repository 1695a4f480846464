import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteName } from '@mindpath/contracts/remotes';
import { listVersions, readRemotesManifest, withLock } from './release.ts';
import { readReleaseHistory, updateReleaseHistory } from './release-history.ts';

/** `pnpm release:remote --prune`: old versions of a remote go, the live one and the last few stay for rollback. */
export interface PruneResult {
  name: RemoteName;
  live: string | undefined;
  /** the versions left besides the live one, most recently live first */
  kept: string[];
  removed: string[];
}

/** Of the versions on disk (oldest first), all but the live one and the `keep` newest others. */
export function versionsToPrune(byAge: string[], live: string | undefined, keep: number): string[] {
  const others = byAge.filter((v) => v !== live);
  return others.slice(0, Math.max(0, others.length - keep));
}

/**
 * The remote's versions on disk, oldest first: in the order releases.json last made them live, after the
 * versions it does not know (released before it existed, or copied in), which go by folder time.
 */
export async function versionsByAge(deployDir: string, name: RemoteName): Promise<string[]> {
  const onDisk = await listVersions(deployDir, name);
  const history = (await readReleaseHistory(deployDir)).versions[name] ?? [];
  const unknown = onDisk.filter((v) => !history.includes(v));
  const mtimes = new Map(
    await Promise.all(
      unknown.map(async (v) => [v, (await stat(join(deployDir, 'remotes', name, v))).mtimeMs] as const),
    ),
  );
  unknown.sort((a, b) => mtimes.get(a)! - mtimes.get(b)! || a.localeCompare(b));
  return [...unknown, ...history.filter((v) => onDisk.includes(v))];
}

export async function pruneRemote(opts: {
  deployDir: string;
  name: RemoteName;
  keep: number;
}): Promise<PruneResult> {
  const { deployDir, name, keep } = opts;
  if (!Number.isInteger(keep) || keep < 0) throw new Error(`--keep must be a whole number ≥ 0, not ${keep}`);
  // under the lock, so a release cannot make live a version this is removing
  return withLock(deployDir, async () => {
    const release = (await readRemotesManifest(deployDir)).remotes[name];
    const live = release?.version;
    // a canary is live too (for its share): never removed, and not counted against `keep`
    const byAge = (await versionsByAge(deployDir, name)).filter((v) => v !== release?.canary?.version);
    const removed = versionsToPrune(byAge, live, keep);
    for (const v of removed) await rm(join(deployDir, 'remotes', name, v), { recursive: true });
    await updateReleaseHistory(deployDir, name, (versions) => versions.filter((v) => !removed.includes(v)));
    const kept = byAge.filter((v) => v !== live && !removed.includes(v)).reverse();
    return { name, live, kept, removed };
  });
}
