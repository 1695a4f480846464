// What a service uses of the app, named in its signature: it is handed those parts (a route passes `app`,
// which has them; a test may pass just them), never the whole instance to reach into.
import type { FastifyInstance } from 'fastify';

export type AppParts<K extends keyof FastifyInstance> = Pick<FastifyInstance, K>;
