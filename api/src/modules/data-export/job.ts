// The data-export job (target: the export's id): builds the learner's zip, stores it as exports/<id>.zip and
// marks the export ready for DATA_EXPORT_DAYS. Run again after a restart it starts over and writes the same
// file name whole, so nothing half-made is ever offered.

import { DATA_EXPORT_MESSAGES } from '@mindpath/contracts/data-export';
import { DATA_EXPORT_DAYS } from '@mindpath/contracts/privacy-constants';
import type { AppParts } from '../../lib/app-parts.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { buildArchive } from './archive.ts';
import { findExport, markExportFailed, markReady, setRunning } from './repository.ts';

export const DATA_EXPORT_JOB = 'data-export' as const;

type Deps = AppParts<'db' | 'media' | 'now' | 'log'>;

const DAY_MS = 86_400_000;
export const exportFileName = (id: string) => `exports/${id}.zip`;

/** Writes progress as it moves, every few percent, one write at a time. */
function progressWriter(deps: Deps, id: string) {
  let last = 0;
  let chain: Promise<unknown> = Promise.resolve();
  return {
    write(percent: number) {
      const p = Math.max(1, Math.min(99, Math.floor(percent)));
      if (p - last < 5) return;
      last = p;
      chain = chain
        .then(() => setRunning(deps.db, id, p))
        .catch((err) => deps.log.warn({ err, exportId: id }, 'export progress not written'));
    },
    done: () => chain,
  };
}

export function dataExportHandler(deps: Deps): JobHandler {
  return async (job) => {
    const id = job.target;
    const row = await findExport(deps.db, id);
    // removed (the account deleted) or already finished: nothing to do
    if (!row || !(await setRunning(deps.db, id, 1))) return { result: { skipped: true } };
    const progress = progressWriter(deps, id);
    try {
      const archive = await buildArchive(deps, row.userId, progress.write);
      await progress.done();
      const fileName = exportFileName(id);
      await deps.media.save(
        fileName,
        Buffer.from(archive.bytes.buffer, archive.bytes.byteOffset, archive.bytes.byteLength),
      );
      const readyAt = deps.now();
      const expiresAt = new Date(readyAt.getTime() + DATA_EXPORT_DAYS * DAY_MS);
      return {
        result: { size: archive.bytes.byteLength, files: archive.files },
        apply: (tx) => markReady(tx, id, { fileName, size: archive.bytes.byteLength, readyAt, expiresAt }),
      };
    } catch (err) {
      await progress.done();
      await markExportFailed(deps.db, id, DATA_EXPORT_MESSAGES.failed);
      throw err;
    }
  };
}
