// Answers compressed on the fly (brotli or gzip, as the client accepts): JSON above 1 KB, and any other
// compressible type (mime-db) the build did not precompress. Static files normally go out as the .br/.gz
// siblings the build wrote (static-site.ts, preCompressed), which this leaves as they are; server-sent
// events bypass it (hijacked replies) and media opt out (byte ranges).
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Below this a compressed body saves less than the header and the CPU cost. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** JSON of any flavour (problem+json, the OpenAPI document…); mime-db's compressible types come on top. */
export const COMPRESSIBLE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/;

async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    // per request: a fast brotli level (11 is for build time), which still beats gzip on JSON
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

export default fp(compressionPlugin, { name: 'compression' });
