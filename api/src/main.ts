// `node src/main.ts`: read the environment, open and migrate the database, serve until SIGINT/SIGTERM.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { removePidFile, runningServerPid, writePidFile } from './lib/pid-file.ts';

const config = loadConfig();
const embedded = !config.databaseUrl;
const holder = embedded ? runningServerPid(config.dataDir) : undefined;
if (holder) {
  console.error(`Another server (pid ${holder}) already uses ${config.dataDir}; stop it or set DATA_DIR.`);
  process.exit(1);
}
const database = await openDatabase(config);
if (embedded) writePidFile(config.dataDir);
await database.migrate();
const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
  } finally {
    // PGlite must be closed cleanly or its data directory may need recovery on the next start.
    await database.close();
    if (embedded) removePidFile(config.dataDir);
  }
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Mindpath on http://localhost:${config.port} (database: ${database.kind})`);
  if (config.ai.provider === 'offline') {
    // operator setup belongs here and in the README, never on a learner's page
    app.log.info(
      'AI provider: the built-in offline generator. For AI-written content set AI_BASE_URL (and AI_API_KEY, AI_MODEL) to an OpenAI-compatible server and restart; see "AI provider" in the README.',
    );
  }
  if (config.sourceFetchAllowHosts.length > 0) {
    app.log.warn(
      `URL sources: fetched without the private-address check from ${config.sourceFetchAllowHosts.join(', ')} (SOURCE_FETCH_ALLOW_HOSTS, for tests only)`,
    );
  }
  app.log.info(
    config.payments.provider === 'sandbox'
      ? 'Payments: the built-in sandbox checkout (test card 4242 4242 4242 4242). For Stripe set PAYMENTS=stripe with STRIPE_SECRET_KEY, STRIPE_PRICE_ID, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY; see "Payments" in the README.'
      : `Payments: Stripe. Its events must reach POST /api/payments/webhook (locally: stripe listen --forward-to localhost:${config.port}/api/payments/webhook).`,
  );
} catch (err) {
  app.log.error({ err }, 'could not start');
  await database.close();
  if (embedded) removePidFile(config.dataDir);
  process.exit(1);
}
