// The prebuilt PostgreSQL data directory as a file (Node only): made once (initdb, seconds to tens of
// seconds on a busy machine) and kept in the package's cache folder for the build and the Node tests.
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeDataDir } from './sql-core.ts';
import { PGDATA_FILE, PGLITE_VERSION } from './versions.ts';

export const CACHED_DATA_DIR = path.join(
  import.meta.dirname,
  '..',
  'node_modules',
  '.cache',
  `${path.basename(PGDATA_FILE, '.tar')}-${PGLITE_VERSION}.tar`,
);

/** The path of the cached data directory tarball, made first if missing. */
export async function dataDirFile(): Promise<string> {
  if (existsSync(CACHED_DATA_DIR)) return CACHED_DATA_DIR;
  const blob = await makeDataDir();
  await mkdir(path.dirname(CACHED_DATA_DIR), { recursive: true });
  const tmp = `${CACHED_DATA_DIR}.${process.pid}`;
  await writeFile(tmp, new Uint8Array(await blob.arrayBuffer()));
  await rename(tmp, CACHED_DATA_DIR);
  return CACHED_DATA_DIR;
}
