// Runs the worker inside the API process (unless WORKER=off), started and stopped with the app, and holds
// the job wake-ups (modules/jobs/signals.ts) that the API's streams and every worker share, and the registries
// the worker runs from: each job kind's handler and the periodic tasks (modules/jobs/periodic.ts), which the
// modules add while the app is built.
import { JOB_KINDS, type JobKind } from '@mindpath/contracts/jobs-constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { createPeriodicTasks, type PeriodicRunner, startPeriodicTasks } from './periodic.ts';
import type { JobRow } from './repository.ts';
import { jobRetentionTask } from './retention.ts';
import { createJobSignals } from './signals.ts';
import { createWorker, type JobHandler, type Worker, type WorkerHealth } from './worker.ts';

async function jobsPlugin(app: FastifyInstance, options: { database: Database }) {
  const { database } = options;
  const { inProcess, staleMs, retentionMs } = app.config.worker;
  const signals = await createJobSignals(database.channel, (err) =>
    app.log.warn({ err }, 'job signal failed'),
  );
  const periodic = createPeriodicTasks();
  periodic.add(jobRetentionTask(app.db, retentionMs));
  const handlers: Record<string, JobHandler> = {};
  let worker: Worker | undefined;
  app.decorate('jobs', {
    // the in-process worker hears these at once, the other processes' workers through NOTIFY
    wake: () => signals.send({ type: 'queued' }),
    runNow: (jobId: string) => signals.send({ type: 'run', id: jobId }),
    claimsHere: () => worker?.health().running === true,
    runClaimed: (job: JobRow) => {
      // claimed while claimsHere() answered true: this worker exists, and gives the job back if stopped
      void worker?.runClaimed(job);
    },
    signals,
    periodic,
    handle(kind: JobKind, handler: JobHandler) {
      if (handlers[kind]) throw new Error(`job kind ${kind} is handled twice`);
      handlers[kind] = handler;
    },
    handlers,
    // null when this process runs no worker (WORKER=off) or has not started it yet
    workerHealth: (): WorkerHealth | null => worker?.health() ?? null,
  });
  let runner: PeriodicRunner | undefined;
  app.addHook('onReady', async () => {
    const missing = JOB_KINDS.filter((kind) => !handlers[kind]);
    if (missing.length > 0) throw new Error(`no module handles the job kinds ${missing.join(', ')}`);
    if (!inProcess) return;
    worker = createWorker({
      db: app.db,
      handlers,
      log: app.log.child({ component: 'worker' }),
      staleMs,
      // an embedded database belongs to this process alone: whatever it left running was interrupted
      reclaimAllOnStart: app.dbKind === 'pglite',
      signals,
      ...(app.metrics ? { onJobEnd: app.metrics.jobEnded } : {}),
    });
    await worker.start();
    runner = startPeriodicTasks({ database, tasks: periodic, log: app.log.child({ component: 'worker' }) });
  });
  app.addHook('onClose', async () => {
    await runner?.stop();
    await worker?.stop();
  });
  app.addHook('onClose', () => signals.close());
}

export default fp(jobsPlugin, { name: 'jobs', dependencies: ['db', 'metrics'] });
