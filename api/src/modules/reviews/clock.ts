// The review clock. In production it is the server's clock (app.now). The e2e harness alone sets
// MINDPATH_TEST_CLOCK=on, which adds PUT /api/test/review-clock: a learner's reviews read time moved forward
// by the offset they set, so a test sees cards come due again without waiting days. Without the variable the
// route does not exist (404 for everyone) and every learner's offset is zero.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppParts } from '../../lib/app-parts.ts';

/** per server (one http.Server is shared by a Fastify instance and its plugins): learner → offset (ms) */
const offsets = new WeakMap<object, Map<string, number>>();

/** The time of a learner's reviews. */
export function reviewNow(deps: AppParts<'now' | 'server'>, userId: string): Date {
  const offset = offsets.get(deps.server)?.get(userId) ?? 0;
  return new Date(deps.now().getTime() + offset);
}

/** Registered only when config.testClock (MINDPATH_TEST_CLOCK=on); hidden from the OpenAPI document. */
export const testClockRoutes: FastifyPluginAsyncZod = async (app) => {
  const byUser = new Map<string, number>();
  offsets.set(app.server, byUser);
  app.put(
    '/test/review-clock',
    {
      onRequest: app.authenticate,
      schema: {
        hide: true,
        body: z.object({
          offsetMs: z
            .number()
            .int()
            .min(0)
            .max(10 * 365 * 86_400_000),
        }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      byUser.set(request.userId, request.body.offsetMs);
      return reply.status(204).send(null);
    },
  );
};
