import { ApiErrorSchema } from '@mindpath/contracts/errors';
import { SubscriptionStatusSchema } from '@mindpath/contracts/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getStatus } from './service.ts';

const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscriptions/status',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['subscriptions'],
        summary: "The signed-in user's plan",
        security: [{ bearer: [] }],
        response: { 200: SubscriptionStatusSchema, 401: ApiErrorSchema },
      },
    },
    (request) => getStatus(app.db, request.userId),
  );
};

export default subscriptionsRoutes;
