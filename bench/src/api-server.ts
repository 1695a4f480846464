// The real API process (`node api/src/main.ts`, as `npm start` runs it) on a bench port, with a fresh data
// directory and the embedded database; it serves the shell and the remotes on the same URL.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

export const BENCH_PORT = 8095;

export interface ApiServer {
  base: string;
  /** the server process's id (its CPU time is read from /proc) */
  pid: number;
  stop(): Promise<void>;
}

export interface Deployment {
  shellDist: string;
  deployDir: string;
}

async function waitForHealth(base: string, api: ChildProcess, timeoutMs: number): Promise<void> {
  for (let i = 0; i < timeoutMs / 250; i++) {
    if (api.exitCode !== null) throw new Error(`API exited with code ${api.exitCode} before it was healthy`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API did not become healthy within ${timeoutMs / 1000} s`);
}

export interface StartOptions {
  port?: number;
  /** extra environment (AI provider, DATABASE_URL…) */
  env?: Record<string, string>;
  /** an existing data directory to start on, kept when the server stops (default: a fresh one, removed) */
  dataDir?: string;
  /** how long the start may take (default 40 s; a fresh embedded database migrates first) */
  healthTimeoutMs?: number;
  /** the script run instead of the API's own main (default: api/src/main.ts) */
  entry?: string;
}

export async function startApi(deployment: Deployment, options: StartOptions = {}): Promise<ApiServer> {
  const port = options.port ?? BENCH_PORT;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'mindpath-bench-data-'));
  const base = `http://127.0.0.1:${port}`;
  // another server there (a second bench on this machine) would answer the health check for this one
  if (
    await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${port} is taken by another server: stop it first`);
  const api = spawn(process.execPath, [options.entry ?? join(ROOT, 'api', 'src', 'main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SHELL_DIST: deployment.shellDist,
      DEPLOY_DIR: deployment.deployDir,
      LOG_LEVEL: process.env.BENCH_LOG ?? 'warn',
      AUTH_RATE_LIMIT: '1000000000',
      ...options.env,
    },
    stdio: ['ignore', process.env.BENCH_LOG ? 'inherit' : 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((r) => api.once('exit', () => r()));
  const stop = async () => {
    if (api.exitCode === null && api.signalCode === null) {
      api.kill('SIGTERM');
      const timer = setTimeout(() => api.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(base, api, options.healthTimeoutMs ?? 40_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { base, pid: api.pid!, stop };
}

export interface Learner {
  email: string;
  /** the Authorization header of this learner */
  headers: Record<string, string>;
  password: string;
  token: string;
}

/** A fresh learner, registered through the API. */
export async function registerLearner(base: string): Promise<Learner> {
  const id = randomUUID().slice(0, 8);
  const creds = { username: `bench-${id}`, email: `bench-${id}@example.com`, password: `Bench!pass1-${id}` };
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(creds),
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return {
    email: creds.email,
    password: creds.password,
    token,
    headers: { authorization: `Bearer ${token}` },
  };
}
