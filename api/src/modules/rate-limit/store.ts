// Where the auth rate limit counts (RATE_LIMIT_STORE, see config.ts): behind a load balancer every instance
// must count the same client alike, or N instances let N times the limit through. Redis when configured,
// PostgreSQL otherwise, the process's memory on the embedded database (one process holds it).
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { databaseStore, SWEEP_EVERY_MS, sweepHits } from './database-store.ts';

export interface RateLimitStore {
  kind: Config['rateLimitStore']['kind'];
  /** the @fastify/rate-limit options that select the store */
  options: Pick<RateLimitPluginOptions, 'store' | 'redis'>;
  close(): Promise<void>;
}

export async function openRateLimitStore(
  config: Pick<Config, 'rateLimitStore'>,
  db: Db,
  onError: (err: unknown) => void,
): Promise<RateLimitStore> {
  const chosen = config.rateLimitStore;
  if (chosen.kind === 'memory') return { kind: 'memory', options: {}, close: async () => {} };
  if (chosen.kind === 'database') {
    const sweeper = setInterval(() => sweepHits(db).catch(onError), SWEEP_EVERY_MS).unref();
    return {
      kind: 'database',
      options: { store: databaseStore(db) },
      close: async () => clearInterval(sweeper),
    };
  }
  // loaded only where Redis is configured
  const { Redis } = await import('ioredis');
  // a request waits for at most two reconnects, not ioredis' twenty, when Redis is away
  const redis = new Redis(chosen.url, { maxRetriesPerRequest: 2 });
  redis.on('error', onError);
  return {
    kind: 'redis',
    options: { redis },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
