// "Delete my account" for the bench's big learner (data-export.ts's seed: 10 goals × 100 written lessons, a
// year of activity, 100 notes, 1,000 review cards): from DELETE /api/account until the account is gone. Its
// tokens answer 401 at once, so the end is seen as a learner would see it: the email can be registered again
// only once the user row (and everything that cascades from it) is deleted. On PGlite, and on PostgreSQL
// with DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres } from '../../api/src/db/client.ts';
import { type Deployment, registerLearner, startApi } from './api-server.ts';
import { seed } from './data-export.ts';
import { call } from './generation.ts';
import { postgresDatabase } from './scale.ts';
import type { Row } from './table.ts';

const PORT = Number(process.env.BENCH_DELETION_PORT ?? 8097);
const ABOUT = '10 goals × 100 written lessons, a year of activity';

async function measureOn(kind: 'PGlite' | 'PostgreSQL', deployment: Deployment): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mindpath-bench-deletion-'));
  const pg = kind === 'PostgreSQL' ? await postgresDatabase(process.env.DATABASE_URL!) : undefined;
  // registering the email again is how the end is seen: polled, so the sign-up limit must not answer first
  const env = { DATABASE_URL: pg?.url ?? '', AUTH_RATE_LIMIT: '100000' };
  // a fresh embedded database migrates at start: over 40 s on a busy machine
  const start = { port: PORT, dataDir, env, healthTimeoutMs: 240_000 };
  try {
    let api = await startApi(deployment, start);
    const learner = await registerLearner(api.base);
    const { id: userId } = await call<{ id: string }>(api.base, learner, 'GET', '/api/user');
    if (pg) await seed(openPostgres(pg.url), userId);
    else {
      // the embedded database allows one process: seed between two runs of the server
      await api.stop();
      await seed(await openPglite({ dataDir: join(dataDir, 'pglite') }), userId);
      api = await startApi(deployment, start);
    }
    try {
      const started = performance.now();
      const asked = await fetch(`${api.base}/api/account`, {
        method: 'DELETE',
        headers: { ...learner.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ password: learner.password }),
      });
      if (asked.status !== 202) throw new Error(`DELETE /api/account: ${asked.status} ${await asked.text()}`);
      const answeredMs = performance.now() - started;
      for (;;) {
        const again = await fetch(`${api.base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'again', email: learner.email, password: learner.password }),
        });
        if (again.ok) break;
        if (again.status !== 409) throw new Error(`register again: ${again.status} ${await again.text()}`);
        if (performance.now() - started > 300_000) throw new Error('the deletion took over 300 s');
        await new Promise((r) => setTimeout(r, 100));
      }
      const ms = performance.now() - started;
      return [
        {
          area: 'Account deletion',
          metric: `Delete my account on ${kind}, ${ABOUT}: asked → gone`,
          value: `${(ms / 1000).toFixed(1)} s`,
          note: `DELETE /api/account answered 202 in ${Math.round(answeredMs)} ms (tokens refused from then); gone = the email registers again (polled every 100 ms)`,
        },
      ];
    } finally {
      await api.stop();
    }
  } finally {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** On PGlite, and on PostgreSQL too when DATABASE_URL is set. */
export async function measureAccountDeletion(deployment: Deployment): Promise<Row[]> {
  const rows = await measureOn('PGlite', deployment);
  if (process.env.DATABASE_URL) rows.push(...(await measureOn('PostgreSQL', deployment)));
  return rows;
}
