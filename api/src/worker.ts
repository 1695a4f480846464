// `pnpm --filter @mindpath/api worker`: the generation-job worker as its own process. On PostgreSQL run any
// number next to the API (started with WORKER=off, or not: workers share the queue through FOR UPDATE SKIP
// LOCKED). The embedded database belongs to one process: the worker refuses it while the server holds it.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { removePidFile, runningServerPid, writePidFile } from './lib/pid-file.ts';

const loaded = loadConfig();
// the app without its HTTP server: its modules add their job handlers and periodic tasks to the jobs
// plugin's registries, whose worker runs them (here whatever WORKER says: running jobs is this process's work)
const config = { ...loaded, worker: { ...loaded.worker, inProcess: true } };
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
const app = await buildApp({ config, database });
const log = app.log.child({ component: 'worker' });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker stopping');
  try {
    await app.close();
  } finally {
    await database.close();
    if (embedded) removePidFile(config.dataDir);
  }
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.ready();
log.info(`worker running (database: ${database.kind}, AI: ${config.ai.provider})`);
