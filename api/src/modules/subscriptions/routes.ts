import { ApiErrorSchema } from '@mindpath/contracts/errors';
import {
  BillingHistorySchema,
  CancelSubscriptionResultSchema,
  CheckoutSessionSchema,
  ConfirmCheckoutSchema,
  SubscriptionStatusSchema,
} from '@mindpath/contracts/subscriptions';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingHistory, cancelSubscription, confirmCheckout, createCheckoutSession } from './billing.ts';
import { getStatus } from './service.ts';

const authenticated = { tags: ['subscriptions'], security: [{ bearer: [] }] };

const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscriptions/status',
    {
      onRequest: app.authenticate,
      schema: {
        ...authenticated,
        summary: "The signed-in user's plan",
        response: { 200: SubscriptionStatusSchema, 401: ApiErrorSchema },
      },
    },
    (request) => getStatus(app.db, request.userId, app.now()),
  );

  app.post(
    '/subscriptions/create-checkout-session',
    {
      onRequest: app.authenticate,
      schema: {
        ...authenticated,
        summary: 'Starts a Pro checkout: the session, the publishable key and the hosted checkout URL',
        response: {
          200: CheckoutSessionSchema,
          401: ApiErrorSchema,
          409: ApiErrorSchema,
          502: ApiErrorSchema,
        },
      },
    },
    (request) => createCheckoutSession(app, request.userId, `${request.protocol}://${request.host}`),
  );

  app.post(
    '/subscriptions/confirm',
    {
      onRequest: app.authenticate,
      schema: {
        ...authenticated,
        summary: "Confirms the learner's own paid checkout session and answers the plan (idempotent)",
        body: ConfirmCheckoutSchema,
        response: {
          200: SubscriptionStatusSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          404: ApiErrorSchema,
          409: ApiErrorSchema,
          502: ApiErrorSchema,
        },
      },
    },
    (request) => confirmCheckout(app, request.userId, request.body.sessionId),
  );

  app.post(
    '/subscriptions/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        ...authenticated,
        summary: 'Cancels at the end of the paid period: Pro, inactive, until endDate; free after it',
        response: {
          200: CancelSubscriptionResultSchema,
          401: ApiErrorSchema,
          409: ApiErrorSchema,
          502: ApiErrorSchema,
        },
      },
    },
    (request) => cancelSubscription(app, request.userId),
  );

  app.get(
    '/subscriptions/payments',
    {
      onRequest: app.authenticate,
      schema: {
        ...authenticated,
        summary: "The learner's billing history, newest first",
        response: { 200: BillingHistorySchema, 401: ApiErrorSchema },
      },
    },
    (request) => billingHistory(app, request.userId),
  );
};

/** The subscriptions module: its routes, after the plugins and the modules it uses. */
export default fp(subscriptionsRoutes, {
  name: 'subscriptions-module',
  dependencies: ['db', 'openapi', 'auth', 'payments', 'users-module'],
});
