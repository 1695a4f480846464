// The account module: deleting one's account (DELETE /api/account), its job, and the retention task.
import { DeleteAccountRequestSchema, DeleteAccountResultSchema } from '@mindpath/contracts/account';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_DELETION_JOB, accountDeletionHandler, requestAccountDeletion } from './deletion.ts';
import { accountRetentionTask } from './retention.ts';

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.handle(ACCOUNT_DELETION_JOB, accountDeletionHandler(app));
  app.jobs.periodic.add(accountRetentionTask(app));

  app.delete(
    '/account',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['account'],
        summary:
          'Deletes your account, confirmed by your password: a running subscription is cancelled at once, every sign-in ends, and your data and files are removed moments later (payment records the law requires are kept, without your card)',
        security: [{ bearer: [] }],
        body: DeleteAccountRequestSchema,
        response: {
          202: DeleteAccountResultSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          502: ApiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await requestAccountDeletion(app, request.userId, request.body.password)),
  );
};

export default fp(accountRoutes, {
  name: 'account-module',
  dependencies: ['db', 'openapi', 'auth', 'jobs', 'payments'],
});
