// `pnpm --filter @mindpath/api worker`: the generation-job worker as its own process. On PostgreSQL run any
// number next to the API (started with WORKER=off, or not: workers share the queue through FOR UPDATE SKIP
// LOCKED). The embedded database belongs to one process: the worker refuses it while the server holds it.
import Fastify from 'fastify';
import { createAiFromConfig } from './ai/index.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { removePidFile, runningServerPid, writePidFile } from './lib/pid-file.ts';
import { createJobHandlers } from './modules/jobs/handlers.ts';
import { createPeriodicTasks, startPeriodicTasks } from './modules/jobs/periodic.ts';
import { jobRetentionTask } from './modules/jobs/retention.ts';
import { createJobSignals } from './modules/jobs/signals.ts';
import { createWorker } from './modules/jobs/worker.ts';
import { lessonMediaSweepTask } from './modules/lessons/media.ts';
import { openMediaStore } from './modules/media/open-store.ts';

const config = loadConfig();
// Fastify's logger (pino) without a server, so the worker logs exactly like the API
const log = Fastify({ logger: { level: config.logLevel } }).log.child({ component: 'worker' });
const embedded = !config.databaseUrl;
const holder = embedded ? runningServerPid(config.dataDir) : undefined;
if (holder) {
  console.error(
    `Another process (pid ${holder}) holds the embedded database in ${config.dataDir}; its in-process worker runs the jobs. Use DATABASE_URL to run workers apart.`,
  );
  process.exit(1);
}
const database = await openDatabase(config);
if (embedded) writePidFile(config.dataDir);
await database.migrate();
// on PostgreSQL a job queued by an API instance wakes this worker at once, rather than at its next poll
const signals = await createJobSignals(database.channel, (err) => log.warn({ err }, 'job signal failed'));
const worker = createWorker({
  db: database.db,
  handlers: createJobHandlers({ db: database.db, ai: createAiFromConfig(config), now: () => new Date() }),
  log,
  staleMs: config.worker.staleMs,
  reclaimAllOnStart: embedded,
  signals,
});

// the periodic tasks the API's modules add to its registry, which the API process runs only with its worker
const periodic = createPeriodicTasks();
periodic.add(jobRetentionTask(database.db, config.worker.retentionMs));
periodic.add(lessonMediaSweepTask(database.db, await openMediaStore(config)));

let stopping = false;
let runner: ReturnType<typeof startPeriodicTasks> | undefined;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker stopping');
  try {
    await runner?.stop();
    await worker.stop();
    await signals.close();
  } finally {
    await database.close();
    if (embedded) removePidFile(config.dataDir);
  }
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await worker.start();
runner = startPeriodicTasks({ database, tasks: periodic, log });
log.info(`worker running (database: ${database.kind}, AI: ${config.ai.provider})`);
