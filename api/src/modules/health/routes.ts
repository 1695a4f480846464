import { HealthSchema } from '@mindpath/contracts/health';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { version } from '../../version.ts';

/** Deliberately touches nothing: the bench compares every endpoint against this bare baseline. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const body = { status: 'ok' as const, database: app.dbKind, version };
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness', response: { 200: HealthSchema } } },
    () => body,
  );
};

/** The health module: its routes, after the plugins and the modules it uses. */
export default fp(healthRoutes, { name: 'health-module', dependencies: ['db', 'openapi'] });
