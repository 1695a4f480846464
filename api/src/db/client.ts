// Opens the database: PGlite in a data directory by default, PostgreSQL through postgres-js when a URL is
// given. Both drizzle instances share the PgDatabase base, so repositories take the one `Db` type.

import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { drizzleClient, useDrizzleParsers } from './pglite-parsers.ts';
import { PgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction on a `Db`: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** applies the committed migrations in api/drizzle */
  migrate(): Promise<void>;
  /**
   * PostgreSQL's LISTEN/NOTIFY between the processes sharing the database (absent on PGlite, which one
   * process owns): wake-ups only, never data (see modules/jobs/signals.ts)
   */
  channel?: NotifyChannel;
  /**
   * Runs `fn` holding the session advisory lock named `name` (hashtext of it) when no other session holds
   * it; answers false without running it when one does. Work that must run once across all the processes
   * sharing the database (modules/jobs/periodic.ts).
   */
  tryAdvisoryLock(name: string, fn: () => Promise<void>): Promise<boolean>;
  /** the connection pool's state now (PostgreSQL; PGlite has no pool: one session in the process) */
  pool?: () => PoolState;
  close(): Promise<void>;
}

/** postgres-js's pool as the patched client tells it (patches/postgres@3.4.9.patch) */
export interface PoolState {
  max: number;
  idle: number;
  busy: number;
  connecting: number;
  reserved: number;
  /** queries waiting for a connection */
  waiting: number;
}

export interface NotifyChannel {
  notify(channel: string, payload: string): Promise<void>;
  /** answers the call that stops listening */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
}

export const MIGRATIONS_DIR = resolve(import.meta.dirname, '..', '..', 'drizzle');

export interface PgliteOptions {
  /** a directory to persist in; in memory when absent */
  dataDir?: string;
  /** a snapshot from `dumpDataDir` to start from (tests clone a migrated database this way) */
  loadDataDir?: Uint8Array;
  /** sees every statement (tests count queries with it) */
  logger?: Logger;
}

/** PGlite on a thread of its own (pglite-thread.ts), with drizzle on it. */
export async function openPglite(options: PgliteOptions = {}): Promise<Database & { client: PgliteThread }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PgliteThread.create(options);
  useDrizzleParsers(client);
  const db = drizzlePglite({
    // drizzle's PGlite driver calls query and transaction, which the thread's client has as PGlite's
    client: drizzleClient(client) as unknown as PGlite,
    schema,
    ...(options.logger ? { logger: options.logger } : {}),
  });
  // one session serves the whole process, and a session's advisory locks are re-entrant: the names held are
  // kept here too, so two callers in the process exclude each other as two sessions would
  const held = new Set<string>();
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    client,
    tryAdvisoryLock: async (name, fn) => {
      if (held.has(name)) return false;
      held.add(name);
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtext($1)) as locked',
          [name],
        );
        if (!rows[0]?.locked) return false;
        try {
          await fn();
        } finally {
          await client.query('select pg_advisory_unlock(hashtext($1))', [name]);
        }
        return true;
      } finally {
        held.delete(name);
      }
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

/**
 * Connections per process unless DATABASE_POOL_SIZE says: twice the cores, 4 to 10. More connections than the
 * server has cores to run them only queue inside it; fewer let postgres-js pipeline several queries in one
 * write (measured on 2 cores, `pnpm bench --only scale`: 4 against 10 raised GET /api/user from 5.7k to
 * 9.7k req/s).
 */
export const defaultPoolSize = () => Math.min(10, Math.max(4, 2 * availableParallelism()));

export function openPostgres(url: string, options: { logger?: Logger; poolSize?: number } = {}): Database {
  // notices (e.g. "relation already exists, skipping" from the migrator) are not worth logging
  const client = postgres(url, { max: options.poolSize ?? defaultPoolSize(), onnotice: () => {} });
  const db = drizzlePostgres({ client, schema, ...(options.logger ? { logger: options.logger } : {}) });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    pool: () => (client as unknown as { poolState(): PoolState }).poolState(),
    migrate: () => migratePostgres(db, { migrationsFolder: MIGRATIONS_DIR }),
    channel: {
      notify: async (channel, payload) => {
        await client.notify(channel, payload);
      },
      // postgres-js holds one connection beside the pool for this client's LISTENs
      listen: async (channel, onPayload) => {
        const { unlisten } = await client.listen(channel, onPayload);
        return unlisten;
      },
    },
    // a session lock belongs to one connection: it is taken and given back on a connection set apart from
    // the pool meanwhile (fn's queries use the pool); a process that dies loses its connection and the lock
    tryAdvisoryLock: async (name, fn) => {
      const session = await client.reserve();
      try {
        const [row] = await session<
          { locked: boolean }[]
        >`select pg_try_advisory_lock(hashtext(${name})) as locked`;
        if (!row?.locked) return false;
        try {
          await fn();
        } finally {
          await session`select pg_advisory_unlock(hashtext(${name}))`;
        }
        return true;
      } finally {
        session.release();
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/** DATABASE_URL picks PostgreSQL; otherwise PGlite persisted in `<dataDir>/pglite`. */
export function openDatabase(config: {
  databaseUrl: string | undefined;
  databasePoolSize?: number | undefined;
  dataDir: string;
}): Promise<Database> {
  if (config.databaseUrl)
    return Promise.resolve(openPostgres(config.databaseUrl, { poolSize: config.databasePoolSize }));
  return openPglite({ dataDir: join(config.dataDir, 'pglite') });
}
