// Registered only on the e2e server (MINDPATH_TEST_CLOCK=on, as the review clock): PUT /api/test/retention-notice
// makes the signed-in learner's account one the retention task has marked, last active ACCOUNT_RETENTION_YEARS
// ago less `daysLeft` days, so a test logs in to it without waiting years. Without the variable the route does
// not exist (404 for everyone). Hidden from the OpenAPI document.
import { ACCOUNT_RETENTION_YEARS } from '@mindpath/contracts/privacy-constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setRetentionState } from './repository.ts';

const DAY_MS = 86_400_000;

export const retentionTestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/test/retention-notice',
    {
      onRequest: app.authenticate,
      schema: {
        hide: true,
        body: z.object({ daysLeft: z.number().int().min(1).max(30) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const now = app.now();
      const lastActive = new Date(now.getTime() + request.body.daysLeft * DAY_MS);
      lastActive.setUTCFullYear(lastActive.getUTCFullYear() - ACCOUNT_RETENTION_YEARS);
      await setRetentionState(app.db, request.userId, lastActive, now);
      return reply.status(204).send(null);
    },
  );
};
