// Runs the worker inside the API process (unless WORKER=off), started and stopped with the app, and holds
// the job wake-ups (modules/jobs/signals.ts) that the API's streams and every worker share, and the registry of
// periodic tasks (modules/jobs/periodic.ts) that the worker runs: the modules add theirs while the app is built.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { createJobHandlers } from './handlers.ts';
import { createPeriodicTasks, type PeriodicRunner, startPeriodicTasks } from './periodic.ts';
import { jobRetentionTask } from './retention.ts';
import { createJobSignals } from './signals.ts';
import { createWorker } from './worker.ts';

async function jobsPlugin(app: FastifyInstance, options: { database: Database }) {
  const { database } = options;
  const { inProcess, staleMs, retentionMs } = app.config.worker;
  const signals = await createJobSignals(database.channel, (err) =>
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
  const periodic = createPeriodicTasks();
  periodic.add(jobRetentionTask(app.db, retentionMs));
  app.decorate('jobs', {
    // the in-process worker hears these at once, the other processes' workers through NOTIFY
    wake: () => signals.send({ type: 'queued' }),
    runNow: (jobId: string) => signals.send({ type: 'run', id: jobId }),
    signals,
    periodic,
  });
  if (worker) {
    let runner: PeriodicRunner | undefined;
    app.addHook('onReady', async () => {
      await worker.start();
      runner = startPeriodicTasks({ database, tasks: periodic, log: app.log.child({ component: 'worker' }) });
    });
    app.addHook('onClose', async () => {
      await runner?.stop();
      await worker.stop();
    });
  }
  app.addHook('onClose', () => signals.close());
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['db'] });
