// Removes downloads whose link has run out (their zip and then their mark: expired), and forgets ended
// exports after a while, so neither the store nor the table grows without bound.
import type { Db } from '../../db/client.ts';
import type { PeriodicTask } from '../jobs/periodic.ts';
import type { MediaStore } from '../media/store.ts';
import { deleteEndedExports, expiredExports, markExpired } from './repository.ts';

const BATCH = 100;
/** An expired or failed export is still shown as such for this long, then its row goes. */
export const ENDED_KEPT_MS = 30 * 86_400_000;

export async function sweepExpiredExports(db: Db, media: MediaStore, now: Date) {
  let expired = 0;
  for (;;) {
    const rows = await expiredExports(db, now, BATCH);
    for (const row of rows) {
      if (row.fileName) await media.remove(row.fileName);
      await markExpired(db, row.id);
      expired += 1;
    }
    if (rows.length < BATCH) break;
  }
  const forgotten = await deleteEndedExports(db, new Date(now.getTime() - ENDED_KEPT_MS));
  return { expired, forgotten };
}

/** Hourly, once across all instances. */
export function expiredExportsSweepTask(db: Db, media: MediaStore, now: () => Date): PeriodicTask {
  return {
    name: 'data-exports-sweep',
    everyMs: 3_600_000,
    run: () => sweepExpiredExports(db, media, now()),
  };
}
