// The server and the set-tier CLI as real processes over the embedded database: data persists across a
// restart, shutdown is clean, and the CLI refuses to open PGlite while the server holds it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { newLearner } from './helpers/app.ts';

const run = promisify(execFile);
const API_ROOT = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'mindpath-process-'));
const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: API_ROOT,
    env: { ...env, PORT: String(port) },
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { child, url };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stop = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

const setTier = (...args: string[]) =>
  run(process.execPath, ['src/cli/set-tier.ts', ...args], { cwd: API_ROOT, env });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('server process and set-tier CLI', () => {
  it('keeps accounts across a restart and lets the CLI set a tier only while the server is stopped', async () => {
    const learner = newLearner();
    const first = await startServer();
    const registered = await fetch(`${first.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(learner),
    });
    expect(registered.status).toBe(200);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(true);

    await expect(setTier(learner.email, 'pro', '30')).rejects.toMatchObject({
      stderr: expect.stringContaining('holds the embedded database'),
    });
    expect(await stop(first.child)).toBe(0);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);

    await expect(setTier(learner.email, 'gold')).rejects.toMatchObject({
      stderr: expect.stringContaining("unknown tier 'gold'"),
    });
    const { stdout } = await setTier(learner.email, 'pro', '30');
    expect(stdout).toContain('"tier":"pro"');

    const second = await startServer();
    try {
      const login = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: learner.email, password: learner.password }),
      });
      const { token } = (await login.json()) as { token: string };
      const status = await fetch(`${second.url}/api/subscriptions/status`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(await status.json()).toMatchObject({ tier: 'pro', isActive: true });
    } finally {
      expect(await stop(second.child)).toBe(0);
    }
  }, 90_000);
});
