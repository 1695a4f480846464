import type { RemoteName } from '@mindpath/contracts/remotes';
import { readRemotesManifest, withLock, writeRemotesManifest } from './release.ts';
import { updateReleaseHistory } from './release-history.ts';

/**
 * The end of a canary release: `--promote` makes the canary the stable version for everyone; `--abort` (an
 * operator) or the server's automatic rollback takes it back, leaving the stable version the only one.
 */
export interface AbortCanaryOptions {
  deployDir: string;
  name: RemoteName;
  /** why, in the log */
  reason: string;
  /** 'automatic' is logged as a rollback, 'operator' as an abort */
  by: 'operator' | 'automatic';
  /** abort only if the canary is still this version (a decision made on this version's figures) */
  version?: string;
}

/**
 * Takes a canary back under the deployment's lock: remotes.json is rewritten (atomically) with only the stable
 * version, and releases.json's log says who and why. Idempotent: with no canary (another instance or an
 * operator was first), or another canary than `version`, nothing changes and `aborted` is false.
 */
export async function abortCanary(opts: AbortCanaryOptions): Promise<{ aborted: boolean; version?: string }> {
  const { deployDir, name, reason, by } = opts;
  return withLock(deployDir, async () => {
    const manifest = await readRemotesManifest(deployDir);
    const release = manifest.remotes[name];
    const canary = release?.canary;
    if (!release || !canary || (opts.version !== undefined && canary.version !== opts.version))
      return { aborted: false };
    manifest.remotes[name] = { version: release.version, entry: release.entry };
    await writeRemotesManifest(deployDir, manifest);
    await updateReleaseHistory(deployDir, name, (versions) => versions, {
      action: by === 'automatic' ? 'rollback' : 'abort',
      version: canary.version,
      reason,
    });
    return { aborted: true, version: canary.version };
  });
}

/** Makes the canary the stable version for every learner; the previous stable version stays on disk. */
export async function promoteCanary(opts: {
  deployDir: string;
  name: RemoteName;
}): Promise<{ version: string; previous: string }> {
  const { deployDir, name } = opts;
  return withLock(deployDir, async () => {
    const manifest = await readRemotesManifest(deployDir);
    const release = manifest.remotes[name];
    const canary = release?.canary;
    if (!release || !canary) throw new Error(`${name} has no canary to promote`);
    manifest.remotes[name] = { version: canary.version, entry: canary.entry };
    await writeRemotesManifest(deployDir, manifest);
    await updateReleaseHistory(
      deployDir,
      name,
      (versions) => [...versions.filter((v) => v !== canary.version), canary.version],
      { action: 'promote', version: canary.version },
    );
    return { version: canary.version, previous: release.version };
  });
}
