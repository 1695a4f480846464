// The remotes as learners' browsers met them: loads and failures per version (remote_load_counts, which the
// client reports count for every instance alike) and which versions are live for what share (remotes.json).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RemotesManifestSchema } from '@mindpath/contracts/remotes';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { remoteLoadCounts } from '../../db/schema.ts';

export function remoteMetrics(registry: Registry, db: Db, deployDir: string) {
  const loads = new Counter({
    name: 'mindpath_remote_loads_total',
    help: "Remote modules loaded in learners' browsers, by remote and version (every instance's: the same figure on each)",
    labelNames: ['remote', 'version'] as const,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'mindpath_remote_failures_total',
    help: "Remote modules that failed in learners' browsers, by remote, version and phase (load or render)",
    labelNames: ['remote', 'version', 'phase'] as const,
    registers: [registry],
  });
  const share = new Gauge({
    name: 'mindpath_remote_release_share_percent',
    help: 'Share of learners each live remote version is served to, by remote, version and release (stable or canary)',
    labelNames: ['remote', 'version', 'release'] as const,
    registers: [registry],
  });

  async function collectCounts() {
    const rows = await db
      .select({
        remote: remoteLoadCounts.remote,
        version: remoteLoadCounts.version,
        loads: remoteLoadCounts.loads,
        loadFailures: remoteLoadCounts.loadFailures,
        renderFailures: remoteLoadCounts.renderFailures,
      })
      .from(remoteLoadCounts);
    // the table holds the totals: the counters are set to them (they only grow, as counters must)
    loads.reset();
    failures.reset();
    for (const r of rows) {
      loads.inc({ remote: r.remote, version: r.version }, Number(r.loads));
      failures.inc({ remote: r.remote, version: r.version, phase: 'load' }, Number(r.loadFailures));
      failures.inc({ remote: r.remote, version: r.version, phase: 'render' }, Number(r.renderFailures));
    }
  }

  async function collectShares() {
    let text: string;
    try {
      text = await readFile(join(deployDir, 'remotes.json'), 'utf8');
    } catch (err) {
      // nothing released yet: no remote is live
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        share.reset();
        return;
      }
      throw err;
    }
    const manifest = RemotesManifestSchema.parse(JSON.parse(text));
    share.reset();
    for (const [remote, release] of Object.entries(manifest.remotes)) {
      if (!release) continue;
      const canary = release.canary?.share ?? 0;
      share.set({ remote, version: release.version, release: 'stable' }, 100 - canary);
      if (release.canary) share.set({ remote, version: release.canary.version, release: 'canary' }, canary);
    }
  }

  return { collectCounts, collectShares };
}
