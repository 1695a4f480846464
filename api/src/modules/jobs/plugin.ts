// Runs the worker inside the API process (unless WORKER=off), started and stopped with the app.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobHandlers } from './handlers.ts';
import { createWorker } from './worker.ts';

async function jobsPlugin(app: FastifyInstance) {
  const { inProcess, staleMs } = app.config.worker;
  const worker = inProcess
    ? createWorker({
        db: app.db,
        handlers: createJobHandlers({ db: app.db, ai: app.ai, now: app.now }),
        log: app.log.child({ component: 'worker' }),
        staleMs,
        // an embedded database belongs to this process alone: whatever it left running was interrupted
        reclaimAllOnStart: app.dbKind === 'pglite',
      })
    : null;
  app.decorate('jobs', { wake: () => worker?.wake() });
  if (worker) {
    app.addHook('onReady', () => worker.start());
    app.addHook('onClose', () => worker.stop());
  }
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['db'] });
