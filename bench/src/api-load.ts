import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { ROOT } from './paths.ts';
import type { Row } from './table.ts';

const PORT = 8095;
const BASE = `http://127.0.0.1:${PORT}`;

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('API did not start');
}

async function load(path: string, headers: Record<string, string>) {
  const result = await autocannon({ url: BASE + path, connections: 32, duration: 10, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result;
}

/** GET /api/user (JWT verify + a user lookup) next to the bare /api/health, same server, same run. */
export async function measureApi(): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mindpath-bench-'));
  const api = spawn(process.execPath, [join(ROOT, 'api', 'src', 'main.ts')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
    },
    stdio: 'ignore',
  });
  try {
    await waitForHealth();
    const reg = await fetch(`${BASE}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench', email: 'bench@example.com', password: 'Bench!pass1' }),
    });
    const { token } = (await reg.json()) as { token: string };
    const health = await load('/api/health', {});
    const user = await load('/api/user', { authorization: `Bearer ${token}` });
    const db = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    return [
      ['GET /api/health req/s', health.requests.average.toFixed(0), `32 connections, 10 s, ${db}`],
      ['GET /api/health p99', `${health.latency.p99} ms`],
      ['GET /api/user req/s', user.requests.average.toFixed(0), 'JWT verify + user row'],
      ['GET /api/user p99', `${user.latency.p99} ms`],
      [
        '/api/user vs /api/health',
        `${((user.requests.average / health.requests.average) * 100).toFixed(0)} %`,
        'throughput ratio',
      ],
    ];
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
