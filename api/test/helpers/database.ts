// A database of its own for one test file: PGlite in memory by default; with DATABASE_URL set, a fresh
// database created on that PostgreSQL server and dropped afterwards. Both are migrated like production.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Logger } from 'drizzle-orm';
import postgres from 'postgres';
import { inject } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client.ts';

export interface TestDatabase extends Database {
  /** on PostgreSQL, the URL of this database (for a second process to open) */
  url?: string;
  /** closes and, on PostgreSQL, drops the database */
  dispose(): Promise<void>;
}

/**
 * A migrated PGlite: loaded from the run's snapshot (test/global-setup.ts), else started and migrated here.
 * The migrator runs either way (a no-op on the snapshot), so a snapshot older than a migration is caught up.
 */
async function openMigratedPglite(options: { logger?: Logger }) {
  const snapshot = inject('pgliteSnapshot');
  const loadDataDir = snapshot ? await readFile(snapshot) : undefined;
  const database = await openPglite({ ...options, ...(loadDataDir ? { loadDataDir } : {}) });
  await database.migrate();
  return database;
}

export async function openTestDatabase(options: { logger?: Logger } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL?.trim();
  if (!serverUrl) {
    const database = await openMigratedPglite(options);
    return { ...database, dispose: () => database.close() };
  }
  const name = `mindpath_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), options);
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end({ timeout: 5 });
    },
  };
}
