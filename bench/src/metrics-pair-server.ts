// Two Mindpath apps in one process for the metrics bench (metrics-overhead.ts): PORT without metrics,
// PAIR_ON_PORT with them (PAIR_METRICS_TOKEN, PAIR_METRICS_PORT), each on an embedded database of its own
// under DATA_DIR. Two processes of the same build differed by up to 30 % in CPU per request with nothing
// different between them (an A/A run); in one process both share the JIT, the heap's placement and the
// CPU's, so the difference left is the metrics'.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from '../../api/src/app.ts';
import { loadConfig } from '../../api/src/config.ts';
import { type Database, openDatabase } from '../../api/src/db/client.ts';

const { METRICS_TOKEN: _t, METRICS_PORT: _p, ...base } = process.env;
const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`metrics-pair-server: ${name} is not set`);
  return value;
};

async function start(name: string, port: string, extra: Record<string, string>) {
  const dataDir = join(env('DATA_DIR'), name);
  mkdirSync(dataDir, { recursive: true });
  const config = loadConfig({ ...base, ...extra, PORT: port, DATA_DIR: dataDir });
  const database = await openDatabase(config);
  await database.migrate();
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: config.host });
  return { app, database };
}

const started: { app: Awaited<ReturnType<typeof buildApp>>; database: Database }[] = [];
// the one with metrics first: the other's health answering means both are up
started.push(
  await start('on', env('PAIR_ON_PORT'), {
    METRICS_TOKEN: env('PAIR_METRICS_TOKEN'),
    METRICS_PORT: env('PAIR_METRICS_PORT'),
  }),
);
started.push(await start('off', env('PORT'), {}));

async function shutdown() {
  for (const { app, database } of started) {
    await app.close();
    await database.close();
  }
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown());
process.once('SIGINT', () => void shutdown());
