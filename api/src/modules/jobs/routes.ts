import { ApiErrorSchema } from '@mindpath/contracts/errors';
import { GenerationJobSchema } from '@mindpath/contracts/jobs';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getOwnJob, waitForJob } from './service.ts';

export const WaitQuerySchema = z.object({
  /** wait up to this long for the job to finish (long polling); 0 answers at once */
  waitMs: z.coerce.number().int().min(0).max(60_000).default(0),
});

const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['jobs'],
        summary: 'A generation job of the signed-in user (waitMs: long-poll until it finishes)',
        security: [{ bearer: [] }],
        params: z.object({ id: z.uuid() }),
        querystring: WaitQuerySchema,
        response: { 200: GenerationJobSchema, 401: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const read = () => getOwnJob(app.db, request.userId, request.params.id);
      const first = await read();
      return (await waitForJob(read, request.query.waitMs, { signals: app.jobs.signals, first })) ?? first;
    },
  );
};

/** The jobs module: its routes, after the plugins and the modules it uses. */
export default fp(jobsRoutes, { name: 'jobs-module', dependencies: ['db', 'openapi', 'auth', 'jobs'] });
