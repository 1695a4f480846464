import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { DEFAULT_GOAL_IMAGE_NAME, defaultGoalSvg } from '../goals/image.ts';
import { parseRange } from './range.ts';
import { statMedia } from './store.ts';

const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export const mediaDirOf = (dataDir: string) => join(dataDir, 'media');

const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const mediaDir = mediaDirOf(app.config.dataDir);
  app.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary:
          'Generated media (goal images, lesson images and audio); public, by unguessable name; single byte ranges (206) for seeking',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const name = request.params['*'];
      reply.header('x-content-type-options', 'nosniff').header('cache-control', 'public, max-age=300');
      if (name === DEFAULT_GOAL_IMAGE_NAME) {
        return reply.type('image/svg+xml').header('content-security-policy', SVG_CSP).send(defaultGoalSvg());
      }
      const file = await statMedia(mediaDir, name);
      if (!file) throw notFound('Media not found');
      // an SVG is a document: no scripts, no outside requests, even when opened on its own
      if (file.type === 'image/svg+xml') reply.header('content-security-policy', SVG_CSP);
      reply.type(file.type).header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${file.size}`).send();
      }
      if (range) {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(createReadStream(file.path, range));
      }
      return reply.header('content-length', file.size).send(createReadStream(file.path));
    },
  );
};

export default mediaRoutes;
