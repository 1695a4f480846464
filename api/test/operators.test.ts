// What an operator sees: the Prometheus metrics (read back with a text-format parser) and their access rules,
// request ids on answers and error bodies, and readiness. One app without a worker (WORKER=off, so queued
// jobs stay queued while the queue is read) and, on the same database, one that runs the worker.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import { ReadinessSchema } from '@mindpath/contracts/health';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { defaultPoolSize, openPostgres } from '../src/db/client.ts';
import { generationJobs, remoteLoadCounts } from '../src/db/schema.ts';
import { appliedMigrations, checkReadiness, migrationTimes } from '../src/modules/health/readiness.ts';
import { enqueueJob, findJob } from '../src/modules/jobs/repository.ts';
import { createWorker } from '../src/modules/jobs/worker.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';

const TOKEN = 'metrics-token-0123456789abcdef';
const bearer = { authorization: `Bearer ${TOKEN}` };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
let learner: Awaited<ReturnType<typeof registerLearner>>;
let userId: string;

beforeAll(async () => {
  t = await createTestApp({ WORKER: 'off', METRICS_TOKEN: TOKEN, METRICS_PORT: '0', HOST: '127.0.0.1' });
  learner = await registerLearner(t.app);
  userId = (await t.api('GET', '/user', learner.headers)).json().id;
});
afterAll(async () => {
  await t.close();
});

type Families = Map<string, PrometheusFamily>;
const familiesOf = (text: string): Families =>
  new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));

async function scrape(app: FastifyInstance = t.app): Promise<Families> {
  const res = await app.inject({ url: '/metrics', headers: bearer });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return familiesOf(res.body);
}

function samples(families: Families, name: string, labels: Record<string, string> = {}) {
  const family = families.get(name);
  if (!family) throw new Error(`no metric ${name}`);
  return family.metrics.filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
}
/** the one sample with these labels: a counter's or gauge's value, a histogram's count */
function value(families: Families, name: string, labels: Record<string, string> = {}): number {
  const found = samples(families, name, labels);
  if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  const [s] = found;
  return Number(s?.value ?? s?.count);
}
const valueOr0 = (families: Families, name: string, labels: Record<string, string>) =>
  samples(families, name, labels).length === 0 ? 0 : value(families, name, labels);

describe('/metrics access', () => {
  it('is not served at all when neither METRICS_PORT nor METRICS_TOKEN is set', async () => {
    const off = await buildApp({
      config: { ...t.config, metrics: { port: undefined, token: undefined } },
      database: t.database,
    });
    await off.ready();
    try {
      expect(off.metrics).toBeNull();
      expect((await off.inject({ url: '/metrics', headers: bearer })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('asks the API port for the bearer token, compared in full', async () => {
    for (const authorization of [
      undefined,
      'Bearer ',
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN}x`,
      TOKEN,
    ]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(ApiErrorSchema.parse(res.json()).code).toBe('UNAUTHORIZED');
    }
    const families = await scrape();
    expect(families.get('mindpath_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
  });

  it('serves its own port without a token, and nothing else there', async () => {
    const port = t.app.metrics?.listenerPort();
    expect(port).toBeGreaterThan(0);
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const families = familiesOf(await res.text());
    // that request never went through the API: none in flight there
    expect(value(families, 'mindpath_http_requests_in_flight')).toBe(0);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
  });

  it('is not in the OpenAPI document; readiness is', () => {
    const paths = (t.app.swagger() as { paths: Record<string, unknown> }).paths;
    expect(paths['/metrics']).toBeUndefined();
    expect(paths['/api/health/ready']).toBeDefined();
  });
});

describe('metrics', () => {
  it('times each request by route pattern and status, and counts those in flight', async () => {
    const user = { method: 'GET', route: '/api/user', status_code: '200' };
    const missing = { method: 'GET', route: 'unmatched', status_code: '404' };
    const before = await scrape();
    await t.api('GET', '/user', learner.headers);
    await t.api('GET', `/no-such-route/${randomUUID()}`, {});
    const after = await scrape();
    expect(value(after, 'mindpath_http_request_duration_seconds', user)).toBe(
      valueOr0(before, 'mindpath_http_request_duration_seconds', user) + 1,
    );
    expect(value(after, 'mindpath_http_request_duration_seconds', missing)).toBe(
      valueOr0(before, 'mindpath_http_request_duration_seconds', missing) + 1,
    );
    // the pattern, never the URL with its ids
    const routes = samples(after, 'mindpath_http_request_duration_seconds').map((s) => s.labels?.route ?? '');
    expect(routes.some((r) => r.includes('no-such-route'))).toBe(false);
    // the scrape is itself in flight while it is answered
    expect(value(after, 'mindpath_http_requests_in_flight')).toBe(1);
  });

  it('counts a request in flight until its client goes away', async () => {
    const app = await buildApp({ config: t.config, database: t.database });
    let started!: () => void;
    const running = new Promise<void>((r) => {
      started = r;
    });
    let finish!: () => void;
    const finished = new Promise<void>((r) => {
      finish = r;
    });
    app.get('/slow-for-test', async () => {
      started();
      await finished;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const client = request({ port, host: '127.0.0.1', path: '/slow-for-test' });
      client.on('error', () => {});
      client.end();
      await running;
      // the scrape is in flight too
      expect(value(await scrape(app), 'mindpath_http_requests_in_flight')).toBe(2);
      client.destroy();
      await new Promise((r) => setTimeout(r, 100));
      expect(value(await scrape(app), 'mindpath_http_requests_in_flight')).toBe(1);
      // its answer, once ready, goes nowhere and counts once only
      finish();
      await new Promise((r) => setTimeout(r, 100));
      expect(value(await scrape(app), 'mindpath_http_requests_in_flight')).toBe(1);
    } finally {
      finish();
      await app.close();
    }
  });

  it('reads the job queue by kind and status with the oldest queued job’s age', async () => {
    const goalId = (
      await t.api('POST', '/goals', learner.headers, { description: 'Beginner: Learn Rust' })
    ).json().id as string;
    const before = await scrape();
    expect(value(before, 'mindpath_jobs', { kind: 'roadmap', status: 'queued' })).toBe(0);
    expect(value(before, 'mindpath_jobs_oldest_queued_age_seconds', { kind: 'roadmap' })).toBe(0);

    // one that will succeed and one whose goal does not exist (no worker here: both stay queued)
    const ok = (await enqueueJob(t.database.db, { kind: 'roadmap', target: goalId, userId })).job;
    const gone = (await enqueueJob(t.database.db, { kind: 'roadmap', target: randomUUID(), userId })).job;
    await t.database.db
      .update(generationJobs)
      .set({ createdAt: sql`now() - interval '90 seconds'` })
      .where(eq(generationJobs.id, gone.id));
    const queued = await scrape();
    expect(value(queued, 'mindpath_jobs', { kind: 'roadmap', status: 'queued' })).toBe(2);
    expect(value(queued, 'mindpath_jobs', { kind: 'roadmap', status: 'running' })).toBe(0);
    expect(
      value(queued, 'mindpath_jobs_oldest_queued_age_seconds', { kind: 'roadmap' }),
    ).toBeGreaterThanOrEqual(90);
    expect(value(queued, 'mindpath_jobs', { kind: 'chat-answer', status: 'queued' })).toBe(0);

    // a second instance runs the worker: it observes both runs, and the queue empties for both instances
    const withWorker = await buildApp({
      config: { ...t.config, worker: { ...t.config.worker, inProcess: true } },
      database: t.database,
    });
    await withWorker.ready();
    try {
      const settled = async (id: string) => {
        for (let i = 0; i < 400; i++) {
          const job = await findJob(t.database.db, id);
          if (job?.status === 'succeeded' || job?.status === 'failed') return job.status;
          await new Promise((r) => setTimeout(r, 50));
        }
        throw new Error(`job ${id} did not end`);
      };
      expect(await settled(ok.id)).toBe('succeeded');
      expect(await settled(gone.id)).toBe('failed');
      const worker = await scrape(withWorker);
      expect(value(worker, 'mindpath_job_duration_seconds', { kind: 'roadmap', outcome: 'succeeded' })).toBe(
        1,
      );
      expect(value(worker, 'mindpath_job_duration_seconds', { kind: 'roadmap', outcome: 'failed' })).toBe(1);
      expect(value(worker, 'mindpath_job_failures_total', { kind: 'roadmap', reason: 'goal_deleted' })).toBe(
        1,
      );
      const [succeeded] = samples(worker, 'mindpath_job_duration_seconds', { outcome: 'succeeded' });
      expect(Number(succeeded?.sum)).toBeGreaterThan(0);
      expect(value(await scrape(), 'mindpath_jobs', { kind: 'roadmap', status: 'queued' })).toBe(0);
      // this instance ran none
      expect(samples(await scrape(), 'mindpath_job_duration_seconds')).toHaveLength(0);

      const ready = await withWorker.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().checks.worker).toEqual({ ok: true });
    } finally {
      await withWorker.close();
    }
  });

  it("tells the database pool's use", async () => {
    if (t.database.kind === 'pglite') {
      expect(value(await scrape(), 'mindpath_db_pool_max_connections', { database: 'pglite' })).toBe(1);
      return;
    }
    const labels = { database: 'postgres' };
    // a query holding a connection while the metrics are read
    // (drizzle's queries start when awaited: then() sends it now)
    const sleeping = t.database.db.execute(sql`select pg_sleep(0.5)`).then(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    const families = await scrape();
    await sleeping;
    expect(value(families, 'mindpath_db_pool_max_connections', labels)).toBe(defaultPoolSize());
    expect(
      value(families, 'mindpath_db_pool_connections', { ...labels, state: 'busy' }),
    ).toBeGreaterThanOrEqual(1);
    for (const state of ['idle', 'connecting', 'reserved']) {
      expect(value(families, 'mindpath_db_pool_connections', { ...labels, state })).toBeGreaterThanOrEqual(0);
    }
    expect(value(families, 'mindpath_db_pool_waiting_queries', labels)).toBe(0);
    const after = await scrape();
    expect(value(after, 'mindpath_db_pool_connections', { ...labels, state: 'idle' })).toBeGreaterThanOrEqual(
      1,
    );
  });

  it("tells the event loop's delay", async () => {
    await scrape();
    for (let i = 0; i < 5; i++) {
      const until = performance.now() + 60;
      while (performance.now() < until) {
        // the event loop is held: the delay the next scrape must tell
      }
      await new Promise((r) => setTimeout(r, 15));
    }
    const families = await scrape();
    expect(value(families, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.05);
    expect(value(families, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
  });

  it('counts remote loads and failures by remote and version, as the shared table holds them', async () => {
    const version = `9.9.${Date.now()}`;
    const labels = { remote: 'goals', version };
    await t.database.db.insert(remoteLoadCounts).values({
      remote: 'goals',
      version,
      loads: 3,
      loadFailures: 1,
      renderFailures: 0,
      updatedAt: new Date(),
    });
    const first = await scrape();
    expect(value(first, 'mindpath_remote_loads_total', labels)).toBe(3);
    expect(value(first, 'mindpath_remote_failures_total', { ...labels, phase: 'load' })).toBe(1);
    expect(value(first, 'mindpath_remote_failures_total', { ...labels, phase: 'render' })).toBe(0);
    expect(first.get('mindpath_remote_loads_total')?.type).toBe('COUNTER');
    await t.database.db
      .update(remoteLoadCounts)
      .set({
        loads: sql`${remoteLoadCounts.loads} + 2`,
        renderFailures: sql`${remoteLoadCounts.renderFailures} + 1`,
      })
      .where(eq(remoteLoadCounts.version, version));
    const second = await scrape();
    expect(value(second, 'mindpath_remote_loads_total', labels)).toBe(5);
    expect(value(second, 'mindpath_remote_failures_total', { ...labels, phase: 'render' })).toBe(1);
  });

  it('tells the live versions and the canary share from remotes.json', async () => {
    const manifest = (canary: boolean) => ({
      updatedAt: new Date().toISOString(),
      remotes: {
        goals: {
          version: '1.0.0',
          entry: '/remotes/goals/1.0.0/mf-manifest.json',
          ...(canary
            ? { canary: { version: '1.1.0', entry: '/remotes/goals/1.1.0/mf-manifest.json', share: 10 } }
            : {}),
        },
        notes: { version: '2.0.0', entry: '/remotes/notes/2.0.0/mf-manifest.json' },
      },
    });
    mkdirSync(t.config.deployDir, { recursive: true });
    const file = join(t.config.deployDir, 'remotes.json');
    const share = 'mindpath_remote_release_share_percent';

    writeFileSync(file, JSON.stringify(manifest(true)));
    const canary = await scrape();
    expect(value(canary, share, { remote: 'goals', version: '1.0.0', release: 'stable' })).toBe(90);
    expect(value(canary, share, { remote: 'goals', version: '1.1.0', release: 'canary' })).toBe(10);
    expect(value(canary, share, { remote: 'notes', version: '2.0.0', release: 'stable' })).toBe(100);

    writeFileSync(file, JSON.stringify(manifest(false)));
    const rolledBack = await scrape();
    expect(value(rolledBack, share, { remote: 'goals', version: '1.0.0', release: 'stable' })).toBe(100);
    expect(samples(rolledBack, share, { release: 'canary' })).toHaveLength(0);
  });
});

describe('request ids', () => {
  it('takes a sane x-request-id, replaces any other with a uuid, and echoes it', async () => {
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'edge-7f3a.42:1' } });
    expect(given.headers['x-request-id']).toBe('edge-7f3a.42:1');
    const none = await t.app.inject({ url: '/api/health' });
    expect(none.headers['x-request-id']).toMatch(UUID);
    for (const insane of ['two words', 'x'.repeat(129), '"quoted"', '']) {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': insane } });
      expect(res.headers['x-request-id'], insane).toMatch(UUID);
    }
  });

  it('is in every error body, the same as the header', async () => {
    const answers = [
      await t.api('GET', '/user', {}), // no token: 401
      await t.api('POST', '/auth/login', { 'x-request-id': 'login-attempt-1' }, {}), // 400
      await t.api('GET', `/goals/${randomUUID()}`, learner.headers), // a handler's 404
      await t.api('GET', '/no-such-route', {}), // the not-found handler's 404
      await t.app.inject({ url: '/metrics' }), // 401 of the metrics route
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      const body = ApiErrorSchema.parse(res.json());
      expect(body.requestId, res.body).toBe(res.headers['x-request-id']);
    }
    expect(answers[1]?.json().requestId).toBe('login-attempt-1');
  });
});

describe('readiness', () => {
  const expected = migrationTimes();

  it('answers ready when the database answers and every migration is applied', async () => {
    const res = await t.api('GET', '/health/ready', {});
    expect(res.statusCode).toBe(200);
    const body = ReadinessSchema.parse(res.json());
    expect(body.status).toBe('ready');
    expect(body.checks.database).toEqual({ ok: true });
    expect(body.checks.migrations).toEqual({ ok: true });
    // WORKER=off: the worker is another process's, not this one's to check
    expect(body.checks.worker.ok).toBe(true);
  });

  it('answers 503 naming the migrations when the newest one is not applied', async () => {
    const db = t.database.db;
    const [newest] = await db
      .select()
      .from(appliedMigrations)
      .orderBy(desc(appliedMigrations.createdAt))
      .limit(1);
    if (!newest) throw new Error('no migration recorded');
    await db.delete(appliedMigrations).where(eq(appliedMigrations.id, newest.id));
    try {
      const res = await t.api('GET', '/health/ready', {});
      expect(res.statusCode).toBe(503);
      const body = ReadinessSchema.parse(res.json());
      expect(body.status).toBe('unready');
      expect(body.checks.database.ok).toBe(true);
      expect(body.checks.migrations).toEqual({
        ok: false,
        detail: `1 of ${expected.length} migrations not applied`,
      });
    } finally {
      await db.insert(appliedMigrations).values(newest);
    }
    expect((await t.api('GET', '/health/ready', {})).statusCode).toBe(200);
  });

  it('fails the database check when the database does not answer', async () => {
    // nothing listens on port 9 of this machine: the connection is refused
    const unreachable = openPostgres('postgres://nobody@127.0.0.1:9/none');
    try {
      const readiness = await checkReadiness({
        db: unreachable.db,
        expected,
        workerInProcess: false,
        workerHealth: () => null,
      });
      expect(readiness.status).toBe('unready');
      expect(readiness.checks.database.ok).toBe(false);
      expect(readiness.checks.database.detail).toMatch(/^the database did not answer/);
      expect(readiness.checks.migrations.ok).toBe(false);
    } finally {
      await unreachable.close();
    }
  });

  it('fails the worker check when the in-process worker has stopped', async () => {
    const worker = createWorker({ db: t.database.db, handlers: {}, log: t.app.log, pollMs: 20 });
    await worker.start();
    const inputs = { db: t.database.db, expected, workerInProcess: true, workerHealth: worker.health };
    expect((await checkReadiness(inputs)).checks.worker).toEqual({ ok: true });
    await worker.stop();
    const stopped = await checkReadiness(inputs);
    expect(stopped.status).toBe('unready');
    expect(stopped.checks.worker).toEqual({ ok: false, detail: 'the in-process worker is not running' });
  });
});
