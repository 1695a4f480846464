// `pnpm --filter @mindpath/api worker`: the generation-job worker as its own process (run the API with
// WORKER=off, or alongside it on PostgreSQL; workers share the queue through FOR UPDATE SKIP LOCKED).
import Fastify from 'fastify';
import { createAiFromConfig } from './ai/index.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { createJobHandlers } from './modules/jobs/handlers.ts';
import { createWorker } from './modules/jobs/worker.ts';

const config = loadConfig();
// Fastify's logger (pino) without a server, so the worker logs exactly like the API
const log = Fastify({ logger: { level: config.logLevel } }).log.child({ component: 'worker' });
const database = await openDatabase(config);
await database.migrate();
const worker = createWorker({
  db: database.db,
  handlers: createJobHandlers({ db: database.db, ai: createAiFromConfig(config), now: () => new Date() }),
  log,
  staleMs: config.worker.staleMs,
  reclaimAllOnStart: database.kind === 'pglite',
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker stopping');
  await worker.stop();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await worker.start();
log.info(`worker running (database: ${database.kind}, AI: ${config.ai.provider})`);
