// The per-version counts of the client reports, one upsert per report, shared by every API instance.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { remoteLoadCounts } from '../../db/schema.ts';

/** What a report says happened to one load of a remote version in a browser. */
export type ReportOutcome = 'load' | 'load-failure' | 'render-failure';

export interface RemoteVersionCounts {
  loads: number;
  loadFailures: number;
  renderFailures: number;
}

const COLUMN = {
  load: 'loads',
  'load-failure': 'loadFailures',
  'render-failure': 'renderFailures',
} as const satisfies Record<ReportOutcome, keyof RemoteVersionCounts>;

/** Counts one report and answers the version's counts with it included (one statement). */
export async function countReport(
  db: Db,
  remote: string,
  version: string,
  outcome: ReportOutcome,
): Promise<RemoteVersionCounts> {
  const key = COLUMN[outcome];
  const column = remoteLoadCounts[key];
  const [row] = await db
    .insert(remoteLoadCounts)
    .values({ remote, version, [key]: 1, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [remoteLoadCounts.remote, remoteLoadCounts.version],
      set: { [key]: sql`${column} + 1`, updatedAt: sql`now()` },
    })
    .returning({
      loads: remoteLoadCounts.loads,
      loadFailures: remoteLoadCounts.loadFailures,
      renderFailures: remoteLoadCounts.renderFailures,
    });
  // bigint columns may come back as strings from some drivers: the figures are small enough for numbers
  return {
    loads: Number(row!.loads),
    loadFailures: Number(row!.loadFailures),
    renderFailures: Number(row!.renderFailures),
  };
}
