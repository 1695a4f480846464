// The auth rate limit behind a load balancer: two API instances on one database count a client together
// when the counters live in PostgreSQL or in Redis, so N instances do not let N times AUTH_RATE_LIMIT
// through. Each process's memory (the embedded default) counts apart.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../src/db/schema.ts';
import { countHit, sweepHits } from '../src/modules/rate-limit/database-store.ts';
import { createTestApp, secondInstance, type TestApp } from './helpers/app.ts';
import { type RedisTestServer, startRedisServer } from './helpers/redis-server.ts';

const LIMIT = 3;

const login = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@example.com', password: 'x' } });

/** Logins from one client alternating between the two instances: the status of each. */
async function alternate(a: FastifyInstance, b: FastifyInstance, n: number) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i += 1) statuses.push((await login(i % 2 === 0 ? a : b)).statusCode);
  return statuses;
}

describe.each([
  { store: 'PostgreSQL', env: async () => ({ RATE_LIMIT_STORE: 'database' }), stop: async () => {} },
  {
    store: 'Redis',
    redis: undefined as RedisTestServer | undefined,
    async env() {
      this.redis = await startRedisServer();
      return { RATE_LIMIT_STORE: 'redis', REDIS_URL: this.redis.url };
    },
    async stop() {
      await this.redis?.close();
    },
  },
])('the auth rate limit counted in $store', (store) => {
  let first: TestApp;
  let second: Awaited<ReturnType<typeof secondInstance>>;
  beforeAll(async () => {
    first = await createTestApp({ AUTH_RATE_LIMIT: String(LIMIT), ...(await store.env()) });
    second = await secondInstance(first);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await store.stop();
  });

  it('is shared by two instances: the limit holds across them, and both refuse once it is reached', async () => {
    expect(await alternate(first.app, second.app, LIMIT + 2)).toEqual([401, 401, 401, 429, 429]);
    const refused = await login(second.app);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });
});

describe('each process\u2019s memory, the embedded default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(() => t.close());

  it('counts apart (one machine only): two instances let twice the limit through', async () => {
    const second = await secondInstance(t);
    try {
      expect(t.app.config.rateLimitStore).toEqual({ kind: 'memory' });
      expect(await alternate(t.app, second.app, 2 * LIMIT + 2)).toEqual([
        401, 401, 401, 401, 401, 401, 429, 429,
      ]);
    } finally {
      await second.close();
    }
  });

  it('PostgreSQL counts within a window, starts again once it is over, and sweeps windows over', async () => {
    const key = `127.0.0.1|/api/auth/login|${randomBytes(4).toString('hex')}`;
    const one = await countHit(t.app.db, key, 60_000);
    expect(one.current).toBe(1);
    expect(one.ttl).toBeGreaterThan(59_000);
    expect(one.ttl).toBeLessThanOrEqual(60_000);
    expect((await countHit(t.app.db, key, 60_000)).current).toBe(2);
    const endWindow = () =>
      t.app.db
        .update(rateLimitHits)
        .set({ resetAt: new Date(Date.now() - 1000) })
        .where(eq(rateLimitHits.key, key));
    // as a minute passing would end it
    await endWindow();
    expect((await countHit(t.app.db, key, 60_000)).current).toBe(1);
    await endWindow();
    await sweepHits(t.app.db);
    expect(await t.app.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, key))).toEqual([]);
  });
});
