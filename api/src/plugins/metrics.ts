// Prometheus metrics (prom-client, one registry per app): HTTP, jobs, the database pool, the event loop and
// the process, remote loads and failures, canary shares. Served on METRICS_PORT's
// own listener and/or at GET /metrics on the API's port behind `Authorization: Bearer <METRICS_TOKEN>`;
// with neither set there is no /metrics and nothing is measured (never public by default).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import type { JobEnd } from '../modules/jobs/worker.ts';
import { observeHttp } from './metrics/http-metrics.ts';
import { jobMetrics } from './metrics/job-metrics.ts';
import { listenForMetrics, type MetricsListener } from './metrics/metrics-listener.ts';
import { poolMetrics } from './metrics/pool-metrics.ts';
import { processMetrics } from './metrics/process-metrics.ts';
import { remoteMetrics } from './metrics/remote-metrics.ts';

export interface Metrics {
  registry: Registry;
  /** reads what lives in the database and remotes.json, then answers the text format */
  scrape(): Promise<string>;
  contentType: string;
  /** the worker's observer of each ended job */
  jobEnded(end: JobEnd): void;
  /** METRICS_PORT's listener once the app is ready (the port it took when METRICS_PORT=0) */
  listenerPort(): number | undefined;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Constant-time: the hashes have one length whatever was sent, so neither length nor prefix leaks. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

async function metricsPlugin(app: FastifyInstance, options: { database: Database }) {
  const { port, token } = app.config.metrics;
  if (port === undefined && token === undefined) {
    app.decorate('metrics', null);
    return;
  }
  const registry = new Registry();
  const processFigures = processMetrics(registry);
  app.addHook('onClose', async () => processFigures.stop());
  observeHttp(app, registry);
  poolMetrics(registry, options.database);
  const jobs = jobMetrics(registry, app.db);
  const remotes = remoteMetrics(registry, app.db, app.config.deployDir);
  const collectors = {
    jobs: jobs.collect,
    remoteCounts: remotes.collectCounts,
    canaryShares: remotes.collectShares,
  };

  async function scrape() {
    // one failing source (the database down) leaves the others' figures and the last known ones
    await Promise.all(
      Object.entries(collectors).map(([name, collect]) =>
        collect().catch((err: unknown) => app.log.warn({ err, collector: name }, 'metrics collector failed')),
      ),
    );
    return registry.metrics();
  }

  let listener: MetricsListener | undefined;
  app.decorate('metrics', {
    registry,
    scrape,
    contentType: registry.contentType,
    jobEnded: jobs.jobEnded,
    listenerPort: () => listener?.port,
  } satisfies Metrics);

  if (token !== undefined) {
    app.get('/metrics', { schema: { hide: true } }, async (request: FastifyRequest, reply: FastifyReply) => {
      if (!bearerMatches(request, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ message: 'A valid metrics token is required', code: 'UNAUTHORIZED' });
      }
      return reply
        .type(registry.contentType)
        .header('cache-control', 'no-store')
        .send(await scrape());
    });
  }
  if (port !== undefined) {
    app.addHook('onReady', async () => {
      listener = await listenForMetrics({
        port,
        host: app.config.host,
        scrape,
        contentType: registry.contentType,
        log: app.log,
      });
      app.log.info(`Metrics on http://${app.config.host}:${listener.port}/metrics`);
    });
    app.addHook('onClose', async () => listener?.close());
  }
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['db'] });
