import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { DEFAULT_GOAL_IMAGE_NAME, defaultGoalSvg } from '../goals/image.ts';
import { findMediaOwner } from './owners.ts';
import { parseRange } from './range.ts';
import { isSignedFor, MEDIA_URL_WINDOW_S, type MediaSignature } from './signed-url.ts';

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The owner's request: a URL signed for them, or their bearer token. */
  async function byOwner(
    request: FastifyRequest<{ Querystring: MediaSignature }>,
    reply: FastifyReply,
    ownerId: string,
    name: string,
  ) {
    if (isSignedFor(app.mediaSigningKey, ownerId, name, request.query, app.now())) return true;
    if (!request.headers.authorization) return false;
    try {
      await app.authenticate(request, reply);
    } catch {
      return false;
    }
    return request.userId === ownerId;
  }

  app.get(
    '/media/*',
    {
      // served with byte ranges for seeking: an encoded body would break Content-Length and the ranges
      compress: false,
      schema: {
        tags: ['media'],
        summary:
          'Generated media (goal images, lesson images and audio) for their owner only: the bearer token, or the signed URL (expires, signature; valid one to two hours) answered as imageUrl or audioUrl; anyone else 404. The default goal image (default-goal.svg) is public. Single byte ranges (206) for seeking',
        security: [{ bearer: [] }, {}],
        params: z.object({ '*': z.string() }),
        querystring: z.object({
          expires: z.string().optional().describe('of a signed URL: Unix seconds it is valid until'),
          signature: z
            .string()
            .optional()
            .describe('of a signed URL: HMAC-SHA256 (base64url) of the owner, the file and expires'),
        }),
      },
    },
    async (request, reply) => {
      const name = request.params['*'];
      reply.header('x-content-type-options', 'nosniff');
      if (name === DEFAULT_GOAL_IMAGE_NAME) {
        return reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=300')
          .header('content-security-policy', SVG_CSP)
          .send(defaultGoalSvg());
      }
      // another learner's file and a missing one answer alike, as other learners' ids do
      const ownerId = await findMediaOwner(app.db, name);
      if (!ownerId || !(await byOwner(request, reply, ownerId, name))) throw notFound('Media not found');
      const file = await app.media.stat(name);
      if (!file) throw notFound('Media not found');
      // the browser keeps it for as long as a signed URL stays the same; no shared cache keeps it at all
      reply.header('cache-control', `private, max-age=${MEDIA_URL_WINDOW_S}`).header('vary', 'authorization');
      // an SVG is a document: no scripts, no outside requests, even when opened on its own
      if (file.type === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
      reply.type(file.type).header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${file.size}`).send();
      }
      // removed since it was looked at (a new image replacing it): as missing
      const body = await app.media.read(name, range ?? undefined);
      if (!body) throw notFound('Media not found');
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(body);
      }
      return reply.header('content-length', file.size).send(body);
    },
  );
};

/** The media module: its routes, after the plugins and the modules it uses. */
export default fp(mediaRoutes, { name: 'media-module', dependencies: ['db', 'openapi', 'auth'] });
