import { HealthSchema, ReadinessSchema } from '@mindpath/contracts/health';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { version } from '../../version.ts';
import { checkReadiness, migrationTimes } from './readiness.ts';

/** Liveness deliberately touches nothing: the bench compares every endpoint against this bare baseline. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = { status: 'ok' as const, database: app.dbKind, version };
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness', response: { 200: HealthSchema } } },
    () => body,
  );

  const expected = migrationTimes();
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers, migrations are applied, the in-process worker runs',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (request, reply) => {
      const readiness = await checkReadiness({
        db: app.db,
        expected,
        workerInProcess: app.config.worker.inProcess,
        workerHealth: app.jobs.workerHealth,
      });
      if (readiness.status === 'ready') return readiness;
      request.log.warn({ checks: readiness.checks }, 'not ready');
      return reply.status(503).send(readiness);
    },
  );
};

/** The health module: its routes, after the plugins and the modules it uses. */
export default fp(healthRoutes, { name: 'health-module', dependencies: ['db', 'openapi', 'jobs'] });
