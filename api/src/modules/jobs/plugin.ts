// Runs the worker inside the API process (unless WORKER=off), started and stopped with the app, and holds
// the job wake-ups (modules/jobs/signals.ts) that the API's streams and every worker share.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { NotifyChannel } from '../../db/client.ts';
import { createJobHandlers } from './handlers.ts';
import { createJobSignals } from './signals.ts';
import { createWorker } from './worker.ts';

async function jobsPlugin(app: FastifyInstance, options: { channel?: NotifyChannel | undefined }) {
  const { inProcess, staleMs } = app.config.worker;
  const signals = await createJobSignals(options.channel, (err) =>
    app.log.warn({ err }, 'job signal failed'),
  );
  const worker = inProcess
    ? createWorker({
        db: app.db,
        handlers: createJobHandlers({ db: app.db, ai: app.ai, now: app.now }),
        log: app.log.child({ component: 'worker' }),
        staleMs,
        // an embedded database belongs to this process alone: whatever it left running was interrupted
        reclaimAllOnStart: app.dbKind === 'pglite',
        signals,
      })
    : null;
  app.decorate('jobs', {
    // the in-process worker hears these at once, the other processes' workers through NOTIFY
    wake: () => signals.send({ type: 'queued' }),
    runNow: (jobId: string) => signals.send({ type: 'run', id: jobId }),
    signals,
  });
  if (worker) {
    app.addHook('onReady', () => worker.start());
    app.addHook('onClose', () => worker.stop());
  }
  app.addHook('onClose', () => signals.close());
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['db'] });
