// Automatic rollback of a failing canary: after each counted report, a version whose failures exceed the
// threshold is checked against the deployment's remotes.json, and if it is the live canary of its remote the
// canary is aborted (the stable version becomes the only one; releases.json's log records why).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemoteName } from '@mindpath/contracts/remotes';
import { isRemotesManifest } from '@mindpath/contracts/remotes-constants';
import { abortCanary } from '@mindpath/deploy/canary';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { RemoteVersionCounts } from './counts.ts';

export interface FailureFigures {
  /** loads tried: the successful ones and those that failed to load */
  attempts: number;
  /** failed loads and failed renders */
  failures: number;
}

export function failureFigures(counts: RemoteVersionCounts): FailureFigures {
  return {
    attempts: counts.loads + counts.loadFailures,
    failures: counts.loadFailures + counts.renderFailures,
  };
}

/** Whether these figures condemn a canary: enough attempts, and more failures than the rate allows. */
export function exceedsThreshold({ attempts, failures }: FailureFigures, limits: Config['canary']): boolean {
  return attempts >= limits.minLoads && attempts > 0 && failures / attempts > limits.failureRate;
}

/** The version in a canary release of `remote` now, if any (remotes.json as the shell reads it). */
export async function liveCanaryVersion(deployDir: string, remote: RemoteName): Promise<string | undefined> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(join(deployDir, 'remotes.json'), 'utf8'));
  } catch {
    return undefined;
  }
  if (!isRemotesManifest(manifest)) return undefined;
  const release = manifest.remotes[remote];
  // a canary of the stable version itself is no canary: its failures are the stable version's
  return release?.canary && release.canary.version !== release.version ? release.canary.version : undefined;
}

const percent = (x: number) => `${Math.round(x * 1000) / 10} %`;

/**
 * Decides after each report; one decision per remote version at a time in this process (a burst of failure
 * reports waits for the one under way). Other instances may decide at once: abortCanary is idempotent under the
 * deployment's lock.
 */
export function canaryGuard(options: {
  deployDir: string;
  limits: Config['canary'];
  log: FastifyBaseLogger;
}) {
  const { deployDir, limits, log } = options;
  /** by remote and version: a stable version's failures must not hide a canary's crossing */
  const running = new Map<string, Promise<void>>();

  async function rollBack(remote: RemoteName, version: string, figures: FailureFigures) {
    const reason =
      `${figures.failures} failures in ${figures.attempts} loads (${percent(figures.failures / figures.attempts)}), ` +
      `above ${percent(limits.failureRate)} with at least ${limits.minLoads} loads`;
    // only this version: an operator may have replaced the canary since these figures were read
    const result = await abortCanary({ deployDir, name: remote, version, reason, by: 'automatic' });
    if (result.aborted) {
      log.warn(
        {
          remote,
          version,
          attempts: figures.attempts,
          failures: figures.failures,
          threshold: limits.failureRate,
          minLoads: limits.minLoads,
        },
        `canary of ${remote} rolled back: ${reason}`,
      );
    }
  }

  return {
    /** Called with a version's counts after a report was counted; never throws (a failure is logged). */
    async afterReport(remote: RemoteName, version: string, counts: RemoteVersionCounts): Promise<void> {
      const figures = failureFigures(counts);
      if (!exceedsThreshold(figures, limits)) return;
      const key = `${remote} ${version}`;
      const under = running.get(key);
      if (under) return under;
      const work = (async () => {
        if ((await liveCanaryVersion(deployDir, remote)) !== version) return;
        await rollBack(remote, version, figures);
      })()
        .catch((err: unknown) => log.error({ err, remote, version }, 'automatic canary rollback failed'))
        .finally(() => running.delete(key));
      running.set(key, work);
      return work;
    },
  };
}
