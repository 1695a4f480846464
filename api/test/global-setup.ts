// Once per API test run on PGlite: a migrated database dumped to a file that every test file's database
// starts from (test/helpers/database.ts). Starting PGlite fresh (initdb) and running every migration costs
// a test file ~3.4 s; loading the snapshot ~1.3 s.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the migrated PGlite snapshot's file; '' on PostgreSQL */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL?.trim()) {
    project.provide('pgliteSnapshot', '');
    return async () => {};
  }
  const dir = await mkdtemp(join(tmpdir(), 'mindpath-pglite-snapshot-'));
  const database = await openPglite();
  try {
    await database.migrate();
    const file = join(dir, 'migrated.tar');
    await writeFile(file, await database.client.dumpDataDir('none'));
    project.provide('pgliteSnapshot', file);
  } finally {
    await database.close();
  }
  return () => rm(dir, { recursive: true, force: true });
}
