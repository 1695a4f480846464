// The multi-instance e2e server (playwright.multi.config.ts): a PostgreSQL database of its own on the server of
// DATABASE_URL (created here, dropped when the run ends), and `pnpm multi`'s setup on it (scripts/multi.ts):
// two API instances (WORKER=off) and one worker behind the round-robin proxy on E2E_MULTI_PORT, media in an
// s3rver bucket, and the control port the tests stop and start processes through. The offline generator
// streams at 100 ms a piece and a dead worker's job is taken up again after 3 s, so that a test can kill an
// instance or the worker while a lesson or a chat answer is being written.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { openPostgres } from '../../api/src/db/client.ts';
import { E2E_API_ENV } from './api-process.ts';
import { E2E_MULTI_CONTROL_PORT, E2E_MULTI_PORT, E2E_MULTI_RUN_DIR, REPO_ROOT } from './env.ts';
import { freshRunDir } from './run-dir.ts';

const serverUrl = process.env.DATABASE_URL?.trim();
if (!serverUrl) {
  console.error('the multi-instance e2e needs DATABASE_URL: a PostgreSQL server it may create a database on');
  process.exit(1);
}
const { dataDir, deployDir } = freshRunDir(E2E_MULTI_RUN_DIR);

const PREFIX = 'mindpath_e2e_multi_';
const admin = openPostgres(serverUrl);
const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
// the databases of runs that were killed before they could drop theirs
const rows = (await admin.db.execute(
  `SELECT datname FROM pg_database WHERE starts_with(datname, '${PREFIX}')`,
)) as unknown as { datname: string }[];
for (const { datname } of rows) {
  if (!isRunning(Number(datname.slice(PREFIX.length))))
    await admin.db.execute(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
}
const name = `${PREFIX}${process.pid}`;
await admin.db.execute(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;

const multi = spawn(
  process.execPath,
  [join(REPO_ROOT, 'scripts', 'multi.ts'), '--s3', '--control', String(E2E_MULTI_CONTROL_PORT)],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...E2E_API_ENV,
      DATABASE_URL: url.toString(),
      PORT: String(E2E_MULTI_PORT),
      DATA_DIR: dataDir,
      DEPLOY_DIR: deployDir,
      // the rate limit in PostgreSQL, whatever the developer's shell holds
      REDIS_URL: '',
      JOB_STALE_MS: '3000',
      MINDPATH_TEST_STREAM_DELAY_MS: '100',
    },
  },
);
// it stops its processes; then the database goes
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => multi.kill(sig));
multi.on('exit', async (code) => {
  await admin.db.execute(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.close();
  process.exit(code ?? 0);
});
