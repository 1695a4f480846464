// The real API process (`node api/src/main.ts`, what `npm start` runs) with the e2e environment: the e2e
// server (src/serve.ts) and tests that need a second server of their own (another AI provider) start it.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from './env.ts';

/** What every e2e API process runs with, whatever else its suite sets. */
export const E2E_API_ENV = {
  AUTH_RATE_LIMIT: '1000',
  LOG_LEVEL: 'warn',
  // the offline generator unless a test names a provider: a developer's own AI_* must not leak in
  AI_PROVIDER: 'offline',
  AI_BASE_URL: '',
  // lets a test move its learner's review clock forward (api/src/modules/reviews/clock.ts)
  MINDPATH_TEST_CLOCK: 'on',
};

export function spawnApi(opts: {
  port: number;
  dataDir: string;
  deployDir: string;
  env?: Record<string, string>;
  stdio?: 'inherit' | 'ignore';
}): ChildProcess {
  return spawn(process.execPath, [join(REPO_ROOT, 'api', 'src', 'main.ts')], {
    stdio: opts.stdio ?? 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DEPLOY_DIR: opts.deployDir,
      ...E2E_API_ENV,
      ...opts.env,
    },
  });
}

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Resolves once GET /api/health answers 200; rejects when the process exits first or time runs out. */
export async function waitForHealth(
  baseUrl: string,
  child: ChildProcess,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API at ${baseUrl} did not become healthy in ${timeoutMs} ms`);
}
