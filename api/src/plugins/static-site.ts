// The built shell at / (with SPA fallback for deep links) and the released remotes from DEPLOY_DIR, on the
// API's own origin. Wildcard mode looks files up per request, so a release written after start is served.
// Every file goes out as its precompressed .br or .gz sibling when the client accepts one.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files whose name stays the same across releases: the browser must revalidate them every time. */
const ENTRY_FILES = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']);
/** A content hash in the file name (app.3f9a1c2b.js, index-BXk2c9aQ.css): safe to cache forever. */
const HASHED = /[.-][A-Za-z0-9_]{8,}\.[a-z0-9]+$/;

/** The file a path names, without the .br/.gz a precompressed sibling adds. */
const servedName = (path: string) => basename(path).replace(/\.(?:br|gz)$/, '');

export function shellCacheControl(path: string): string {
  const name = servedName(path);
  return !ENTRY_FILES.has(name) && HASHED.test(name) ? IMMUTABLE : NO_CACHE;
}

/** Everything under /remotes/<name>/<version>/ is versioned by its path, except the entry files. */
export function remoteCacheControl(path: string): string {
  return ENTRY_FILES.has(servedName(path)) ? NO_CACHE : IMMUTABLE;
}

const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');
/** A path whose last segment has an extension names a file, not a client-side route. */
const looksLikeFile = (url: string) => /\.[^/]*$/.test(url.split('?')[0] ?? '');

async function staticSitePlugin(app: FastifyInstance, options: { shellDist: string; deployDir: string }) {
  const { shellDist, deployDir } = options;

  await app.register(fastifyStatic, {
    root: join(deployDir, 'remotes'),
    prefix: '/remotes/',
    // the build wrote brotli and gzip siblings (shared/mf precompress): sent by Accept-Encoding, with Vary
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => reply.header('cache-control', remoteCacheControl(path)),
  });

  app.get('/remotes.json', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', NO_CACHE).sendFile('remotes.json', deployDir),
  );

  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    decorateReply: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, path) => reply.header('cache-control', shellCacheControl(path)),
  });

  const sendIndex = (reply: FastifyReply) => {
    if (!existsSync(join(shellDist, 'index.html'))) {
      return reply.status(503).type('text/plain; charset=utf-8').send('Shell not built: run pnpm build');
    }
    return reply.header('cache-control', NO_CACHE).sendFile('index.html', shellDist);
  };

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  // Unknown /api paths, files and non-GET requests get the JSON 404; a GET for a page (a deep link such as
  // /goals/123) gets the shell, whose router takes it from there.
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && wantsHtml(request);
    if (!isApi && isPage && !looksLikeFile(request.url)) return sendIndex(reply);
    return reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
}

export default fp(staticSitePlugin, { name: 'static-site' });
