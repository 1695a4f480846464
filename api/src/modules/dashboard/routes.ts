import { ActivityQuerySchema, ActivitySchema, DashboardSchema } from '@mindpath/contracts/dashboard';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerMediaSigner } from '../media/signed-url.ts';
import { getActivity, getDashboard } from './service.ts';

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const doc = (summary: string) => ({ tags: ['dashboard'], summary, security: [{ bearer: [] }] });

  app.get(
    '/dashboard',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc('The home dashboard: active goal, current lesson and progress over every goal'),
        response: { 200: DashboardSchema, 401: ApiErrorSchema },
      },
    },
    (request) => getDashboard(app.db, request.userId, ownerMediaSigner(app, request.userId)),
  );

  app.get(
    '/activity',
    {
      onRequest: app.authenticate,
      schema: {
        ...doc("The last 26 weeks by day in the learner's time zone, and the current and longest streak"),
        querystring: ActivityQuerySchema,
        response: { 200: ActivitySchema, 400: ApiErrorSchema, 401: ApiErrorSchema },
      },
    },
    (request) => getActivity(app.db, request.userId, request.query.timeZone, app.now()),
  );
};

export default dashboardRoutes;
