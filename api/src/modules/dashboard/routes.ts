import { ActivityQuerySchema, ActivitySchema, DashboardSchema } from '@mindpath/contracts/dashboard';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotModified, sendTaggedJson } from '../../lib/tagged-json.ts';
import { ownerMediaSigner } from '../media/signed-url.ts';
import { readActivity, readDashboard } from './home-body.ts';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = (summary: string) => ({ tags: ['dashboard'], summary, security: [{ bearer: [] }] });
  // the head reads the learner's row: a deleted account is 401 there
  const onRequest = app.authenticateToken;

  app.get(
    '/dashboard',
    {
      onRequest,
      schema: {
        ...doc(
          'The home dashboard: active goal, current lesson and progress over every goal; If-None-Match revalidates it (304)',
        ),
        response: { 200: DashboardSchema, 304: NotModified, 401: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      sendTaggedJson(
        reply,
        await readDashboard(
          app.db,
          request.log,
          request.userId,
          ownerMediaSigner(app, request.userId),
          app.now(),
          request.headers['if-none-match'],
        ),
      ),
  );

  app.get(
    '/activity',
    {
      onRequest,
      schema: {
        ...doc(
          "The last 26 weeks by day in the learner's time zone, and the current and longest streak; If-None-Match revalidates it (304)",
        ),
        querystring: ActivityQuerySchema,
        response: { 200: ActivitySchema, 304: NotModified, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      sendTaggedJson(
        reply,
        await readActivity(
          app.db,
          request.log,
          request.userId,
          request.query.timeZone,
          app.now(),
          request.headers['if-none-match'],
        ),
      ),
  );
};

/** The dashboard module: its routes, after the plugins and the modules it uses. */
export default fp(dashboardRoutes, {
  name: 'dashboard-module',
  dependencies: ['db', 'openapi', 'auth', 'goals-module'],
});
