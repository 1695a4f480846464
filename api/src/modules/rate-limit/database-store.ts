// A store of @fastify/rate-limit in PostgreSQL: one upsert per counted request, so API instances on one
// database share each client's count. The window is fixed (it starts at a key's first hit), as in the
// plugin's own stores; its end is the database's clock, not the instance's.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitHits } from '../../db/schema.ts';

type Counted = (err: Error | null, result?: { current: number; ttl: number }) => void;

/** How often the rows of windows long over are deleted (a client not seen again leaves one behind). */
export const SWEEP_EVERY_MS = 60_000;

/** Counts one hit of `key` in a window of `windowMs`: the hits so far and the window's milliseconds left. */
export async function countHit(db: Db, key: string, windowMs: number) {
  const resetAt = sql`now() + ${windowMs}::integer * interval '1 millisecond'`;
  // a window that is over starts again with this hit
  const over = sql`rate_limit_hits.reset_at <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`CASE WHEN ${over} THEN 1 ELSE rate_limit_hits.hits + 1 END`,
        resetAt: sql`CASE WHEN ${over} THEN excluded.reset_at ELSE rate_limit_hits.reset_at END`,
      },
    })
    .returning({
      hits: rateLimitHits.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000))::integer`,
    });
  return { current: row!.hits, ttl: Number(row!.ttl) };
}

/** Deletes the counters of windows that are over. */
export async function sweepHits(db: Db): Promise<void> {
  await db.delete(rateLimitHits).where(sql`${rateLimitHits.resetAt} <= now()`);
}

/** The store class the plugin instantiates (`store` option), counting in `db`. */
export function databaseStore(db: Db) {
  return class DatabaseRateLimitStore {
    incr(key: string, done: Counted, timeWindow: number) {
      countHit(db, key, timeWindow).then(
        (result) => done(null, result),
        (err: Error) => done(err),
      );
    }

    child() {
      return new DatabaseRateLimitStore();
    }
  };
}
