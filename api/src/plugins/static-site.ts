// The built shell at / (with SPA fallback for deep links) and the released remotes from DEPLOY_DIR, on the
// API's own origin. Wildcard mode looks files up per request, so a release written after start is served.
// Every file goes out as its precompressed .br or .gz sibling when the client accepts one.
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { PUBLIC_PAGES, publicPageAt } from '@mindpath/contracts/public-pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendSharePage } from '../modules/roadmap-shares/share-page-route.ts';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files whose name stays the same across releases: the browser must revalidate them every time. */
const ENTRY_FILES = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']);
/** A content hash in the file name (app.3f9a1c2b.js, index-BXk2c9aQ.css): safe to cache forever. */
const HASHED = /[.-][A-Za-z0-9_]{8,}\.[a-z0-9]+$/;

/** The file a path names, without the .br/.gz a precompressed sibling adds. */
const servedName = (path: string) => basename(path).replace(/\.(?:br|gz)$/, '');

/** Pages (index.html, the prerendered ones) and the entry files are revalidated every time. */
const revalidated = (name: string) => ENTRY_FILES.has(name) || name.endsWith('.html');

export function shellCacheControl(path: string): string {
  const name = servedName(path);
  return !revalidated(name) && HASHED.test(name) ? IMMUTABLE : NO_CACHE;
}

/** Everything under /remotes/<name>/<version>/ is versioned by its path, except the entry files. */
export function remoteCacheControl(path: string): string {
  return revalidated(servedName(path)) ? NO_CACHE : IMMUTABLE;
}

/** '/about/?x=1' → '/about' */
const pagePath = (url: string) => (url.split(/[?#]/)[0] ?? '/').replace(/(.)\/+$/, '$1');
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

  /** A public page's prerendered HTML (scripts/prerender.ts) when the build made it, else the shell. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(join(shellDist, 'index.html'))) {
      return reply.status(503).type('text/plain; charset=utf-8').send('Shell not built: run pnpm build');
    }
    const page = publicPageAt(pagePath(request.url));
    const file = page && `prerendered/${page.file}`;
    reply.header('cache-control', NO_CACHE);
    return file && existsSync(join(shellDist, file))
      ? reply.sendFile(file, shellDist)
      : reply.sendFile('index.html', shellDist);
  };

  app.get('/', { schema: { hide: true } }, sendPage);
  app.get<{ Params: { slug: string } }>('/share/:slug', { schema: { hide: true } }, (request, reply) =>
    sendSharePage(app, shellDist, request, reply),
  );

  // robots.txt and the sitemap name this origin, whatever host the server answers on
  const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin(request)}/sitemap.xml\n`),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (request, reply) => {
    const urls = PUBLIC_PAGES.filter((p) => p.indexed)
      .map((p) => `  <url><loc>${origin(request)}${p.path}</loc></url>`)
      .join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
  });

  // Unknown /api paths, files and non-GET requests get the JSON 404; a GET for a page (a deep link such as
  // /goals/123) gets the shell, whose router takes it from there.
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && wantsHtml(request);
    if (!isApi && isPage && !looksLikeFile(request.url)) return sendPage(request, reply);
    return reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found`, code: 'NOT_FOUND' });
  });
}

export default fp(staticSitePlugin, { name: 'static-site' });
