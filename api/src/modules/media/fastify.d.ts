// Fastify declaration merging for the media store app.ts decorates (kept beside the module it types).
import type { MediaStore } from './store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** where goal and lesson media are kept: `<dataDir>/media`, or the S3-compatible bucket configured */
    media: MediaStore;
  }
}
