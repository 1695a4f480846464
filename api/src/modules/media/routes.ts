import { join } from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { DEFAULT_GOAL_IMAGE_NAME, defaultGoalSvg } from '../goals/image.ts';
import { readMedia } from './store.ts';

export const mediaDirOf = (dataDir: string) => join(dataDir, 'media');

const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const mediaDir = mediaDirOf(app.config.dataDir);
  app.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary: 'Generated media (goal images, lesson images and audio); public, by unguessable name',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const name = request.params['*'];
      const file =
        name === DEFAULT_GOAL_IMAGE_NAME
          ? { body: Buffer.from(defaultGoalSvg()), type: 'image/svg+xml' }
          : await readMedia(mediaDir, name);
      if (!file) throw notFound('Media not found');
      // an SVG is a document: no scripts, no outside requests, even when opened on its own
      if (file.type === 'image/svg+xml') {
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      }
      return reply
        .type(file.type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=300')
        .send(file.body);
    },
  );
};

export default mediaRoutes;
