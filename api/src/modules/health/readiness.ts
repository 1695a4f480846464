// Readiness: whether this instance should get traffic. The database answers, every migration of api/drizzle
// is applied (drizzle's own record of them), and the worker runs when it belongs to this process.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readiness } from '@mindpath/contracts/health';
import { count, max } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { type Db, MIGRATIONS_DIR } from '../../db/client.ts';
import type { WorkerHealth } from '../jobs/worker.ts';

/** Where drizzle's migrator records what it applied: a migration's `created_at` is its journal `when`. */
export const appliedMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

/** The journal's `when`s: the migrator applies those newer than the newest it recorded. */
export function migrationTimes(dir = MIGRATIONS_DIR): number[] {
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((e) => e.when);
}

/** Past this the database counts as not answering (a probe must answer well within its own timeout). */
export const DATABASE_TIMEOUT_MS = 2_000;
/** A loop not gone round for this long, with no job running, is stuck. */
const WORKER_STALL_MS = 15_000;

const hasCode = (err: unknown, code: string) => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
};

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface ReadinessInputs {
  db: Db;
  /** the journal's migration times */
  expected: number[];
  /** whether this process runs the worker (WORKER unset or in-process) */
  workerInProcess: boolean;
  workerHealth: () => WorkerHealth | null;
  timeoutMs?: number;
}

export async function checkReadiness(inputs: ReadinessInputs): Promise<Readiness> {
  const { db, expected } = inputs;
  const checks: Readiness['checks'] = {
    database: { ok: true },
    migrations: { ok: true },
    worker: workerCheck(inputs),
  };
  try {
    // one round trip answers both: the database is there, and how far its migrations went
    const [row] = await withTimeout(
      db.select({ n: count(), newest: max(appliedMigrations.createdAt) }).from(appliedMigrations),
      inputs.timeoutMs ?? DATABASE_TIMEOUT_MS,
    );
    const newest = row?.newest === null || row?.newest === undefined ? -1 : Number(row.newest);
    const pending = expected.filter((when) => when > newest).length;
    if (pending > 0) {
      checks.migrations = { ok: false, detail: `${pending} of ${expected.length} migrations not applied` };
    }
  } catch (err) {
    if (hasCode(err, '42P01')) {
      // undefined_table: the database answers, and was never migrated
      checks.migrations = {
        ok: false,
        detail: `${expected.length} of ${expected.length} migrations not applied`,
      };
    } else {
      checks.database = { ok: false, detail: `the database did not answer: ${(err as Error).message}` };
      checks.migrations = { ok: false, detail: 'unknown while the database does not answer' };
    }
  }
  const ready = checks.database.ok && checks.migrations.ok && checks.worker.ok;
  return { status: ready ? 'ready' : 'unready', checks };
}

function workerCheck({ workerInProcess, workerHealth }: ReadinessInputs): Readiness['checks']['worker'] {
  if (!workerInProcess) return { ok: true, detail: 'runs in processes of its own (WORKER=off)' };
  const health = workerHealth();
  if (!health?.running) return { ok: false, detail: 'the in-process worker is not running' };
  const idleFor = Date.now() - health.lastLoopAt;
  if (health.active === 0 && idleFor > WORKER_STALL_MS) {
    return { ok: false, detail: `the in-process worker has not polled for ${Math.round(idleFor / 1000)} s` };
  }
  return { ok: true };
}
