// What learners' browsers report about the remotes they load: each successful load and each failure to load
// or render one. No sign-in needed (visitors load remotes too); small bodies; limited per client IP. The
// counts feed a canary's automatic rollback (rollback.ts) and the metrics.
import { ClientErrorReportSchema, RemoteLoadReportSchema } from '@mindpath/contracts/client-reports';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countReport, type ReportOutcome } from './counts.ts';
import { isPublishedVersion } from './published.ts';
import { canaryGuard } from './rollback.ts';

/** The largest report body: the contract's fields fit in well under 1 KB. Bigger answers 413. */
export const CLIENT_REPORT_BODY_LIMIT = 4 * 1024;
/**
 * Reports per minute per client IP on each route. A page load sends one per remote it loads; generous
 * enough for learners behind one address (a school, a NAT), small enough that one client cannot flood.
 */
export const CLIENT_REPORTS_PER_MINUTE = 600;

const reportRateLimit = {
  rateLimit: {
    max: CLIENT_REPORTS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `${request.ip}|${request.routeOptions.url}`,
  },
};

const responses = {
  204: z.null(),
  400: ApiErrorSchema,
  413: ApiErrorSchema,
  429: ApiErrorSchema,
};

const clientReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = canaryGuard({ deployDir: app.config.deployDir, limits: app.config.canary, log: app.log });

  /** Counts a report of a published version and lets the guard decide about its canary. */
  async function record(
    remote: Parameters<typeof guard.afterReport>[0],
    version: string,
    outcome: ReportOutcome,
  ) {
    if (!(await isPublishedVersion(app.config.deployDir, remote, version))) return false;
    const counts = await countReport(app.db, remote, version, outcome);
    await guard.afterReport(remote, version, counts);
    return true;
  }

  app.post(
    '/remote-loads',
    {
      bodyLimit: CLIENT_REPORT_BODY_LIMIT,
      config: reportRateLimit,
      schema: {
        tags: ['client-reports'],
        summary: "A remote's module loaded in a browser (counted per remote version)",
        body: RemoteLoadReportSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const { remote, version } = request.body;
      const counted = await record(remote, version, 'load');
      request.log.debug({ remote, version, counted }, 'remote loaded');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/client-errors',
    {
      bodyLimit: CLIENT_REPORT_BODY_LIMIT,
      config: reportRateLimit,
      schema: {
        tags: ['client-reports'],
        summary: 'A remote failed to load or to render in a browser (counted per remote version)',
        body: ClientErrorReportSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const { remote, version, phase, name, message } = request.body;
      const counted = await record(remote, version, phase === 'load' ? 'load-failure' : 'render-failure');
      // what the browser said, never who: no user id, no URL, no address beyond the request's own log line
      request.log.warn(
        { remote, version, phase, error: { name, message }, counted },
        `remote ${remote} failed to ${phase}`,
      );
      return reply.status(204).send(null);
    },
  );
};

/** The client-reports module: its routes, after the plugins they use. */
export default fp(clientReportsRoutes, {
  name: 'client-reports-module',
  dependencies: ['db', 'openapi', 'security'],
});
