// Removes stored source files no source names any more: a goal deleted (the database drops its sources, the
// files stay behind), a file replaced whose removal failed, a page fetched for a source removed meanwhile.
// A file written in the last hour is left alone: its source's row may not be committed yet.
import type { Db } from '../../db/client.ts';
import type { PeriodicTask } from '../jobs/periodic.ts';
import type { MediaStore } from '../media/store.ts';
import { referencedMediaNames } from './repository.ts';
import { writtenAt } from './service.ts';

const FOLDER = 'sources';
export const SWEEP_GRACE_MS = 3_600_000;

/** Answers how many files went. */
export async function sweepSourceFiles(db: Db, media: MediaStore, now: Date): Promise<number> {
  const old = (await media.list(FOLDER)).filter((f) => {
    const at = writtenAt(f);
    return at !== null && now.getTime() - at.getTime() > SWEEP_GRACE_MS;
  });
  if (old.length === 0) return 0;
  const names = old.map((f) => `${FOLDER}/${f}`);
  const held = await referencedMediaNames(db, names);
  let removed = 0;
  for (const name of names) {
    if (held.has(name)) continue;
    await media.remove(name);
    removed += 1;
  }
  return removed;
}

/** The sweep as a periodic task of the worker: hourly, once across all instances. */
export function sourceFilesSweepTask(db: Db, media: MediaStore, now: () => Date): PeriodicTask {
  return {
    name: 'source-files-sweep',
    everyMs: 3_600_000,
    run: async () => ({ removed: await sweepSourceFiles(db, media, now()) }),
  };
}
