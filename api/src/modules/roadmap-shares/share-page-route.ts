// GET /share/<slug> for the static site (plugins/static-site.ts): the shared roadmap read now and written
// into the public layout's HTML; an unknown or revoked link answers 404 with the page that says so.
import { SHARE_SLUG_PATTERN, type SharedRoadmap } from '@mindpath/contracts/roadmap-shares';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { readSharedRoadmap } from './service.ts';
import { sharePageHtml } from './share-page.ts';

async function sharedOrNone(app: FastifyInstance, slug: string): Promise<SharedRoadmap | undefined> {
  if (!SHARE_SLUG_PATTERN.test(slug)) return undefined;
  try {
    return await readSharedRoadmap(app.db, slug);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) return undefined;
    throw err;
  }
}

export async function sendSharePage(
  app: FastifyInstance,
  shellDist: string,
  request: FastifyRequest<{ Params: { slug: string } }>,
  reply: FastifyReply,
) {
  const slug = request.params.slug;
  const page = sharePageHtml(
    shellDist,
    `${request.protocol}://${request.host}`,
    slug,
    await sharedOrNone(app, slug),
  );
  if (!page)
    return reply.status(503).type('text/plain; charset=utf-8').send('Shell not built: run pnpm build');
  // the owner may revoke the link or change what it shows at any moment
  return reply
    .status(page.status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page.html);
}
