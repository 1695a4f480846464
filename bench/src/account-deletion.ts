// "Delete my account" for the bench's big learner (data-export.ts's seed: 10 goals × 100 written lessons, a
// year of activity, 100 notes, 1,000 review cards): from DELETE /api/account until the account is gone. Its
// tokens answer 401 at once, so the end is seen as a learner would see it: the email can be registered again
// only once the user row (and everything that cascades from it) is deleted. On PGlite, and on PostgreSQL
// with DATABASE_URL.
import type { Deployment } from './api-server.ts';
import { seed } from './data-export.ts';
import { onBothDatabases, withSeededLearner } from './seeded-learner.ts';
import type { Row } from './table.ts';

const PORT = Number(process.env.BENCH_DELETION_PORT ?? 8097);
const ABOUT = '10 goals × 100 written lessons, a year of activity';

async function measureOn(kind: 'PGlite' | 'PostgreSQL', deployment: Deployment): Promise<Row[]> {
  const options = {
    port: PORT,
    name: 'deletion',
    // registering the email again is how the end is seen: polled, so the sign-up limit must not answer first
    env: { AUTH_RATE_LIMIT: '100000' },
    // a fresh embedded database migrates at start: over 40 s on a busy machine
    healthTimeoutMs: 240_000,
  };
  return withSeededLearner(kind, deployment, options, seed, async ({ api, learner }) => {
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
  });
}

/** On PGlite, and on PostgreSQL too when DATABASE_URL is set. */
export function measureAccountDeletion(deployment: Deployment): Promise<Row[]> {
  return onBothDatabases((kind) => measureOn(kind, deployment));
}
