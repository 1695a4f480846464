// `pnpm worker` as a real process: it runs jobs queued by an API that has no worker, and a worker killed
// (SIGKILL) in the middle of a generation leaves a job the next worker resumes and completes.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OpenAiTestServer, startOpenAiServer } from '@mindpath/fake-openai';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineProvider } from '../src/ai/offline/provider.ts';
import { createAi } from '../src/ai/service.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { generationJobs } from '../src/db/schema.ts';
import { newLearner } from './helpers/app.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';

const API_ROOT = join(import.meta.dirname, '..');
const root = mkdtempSync(join(tmpdir(), 'mindpath-worker-'));
const dataDir = join(root, 'data');
const postgresUrl = process.env.DATABASE_URL?.trim() || undefined;
let server: OpenAiTestServer;
let testDb: TestDatabase | undefined;
let dbUrl: string | undefined;
/** every worker started, so a test that fails or times out leaves none running */
const workers: ChildProcess[] = [];

beforeAll(async () => {
  server = await startOpenAiServer();
  if (postgresUrl) {
    // a database of this file's own on the server, which the worker process opens by URL
    testDb = await openTestDatabase();
    dbUrl = testDb.url;
  }
});
afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await server.close();
  await testDb?.dispose();
  rmSync(root, { recursive: true, force: true });
});

const env = () => ({
  ...process.env,
  DATABASE_URL: dbUrl ?? '',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  AI_BASE_URL: server.url,
  AI_API_KEY: 'k',
  JOB_STALE_MS: '1000',
});

/** The embedded database is opened by one process at a time: each step opens it, works, and closes it. */
async function withDb<T>(fn: (database: Database) => Promise<T>): Promise<T> {
  const database = dbUrl ? openPostgres(dbUrl) : await openPglite({ dataDir: join(dataDir, 'pglite') });
  try {
    await database.migrate();
    return await fn(database);
  } finally {
    await database.close();
  }
}

function startWorker(): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['src/worker.ts'], {
    cwd: API_ROOT,
    env: { ...env(), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  let out = '';
  child.stdout?.on('data', (b) => {
    out += b;
  });
  child.stderr?.on('data', (b) => {
    out += b;
  });
  return { child, output: () => out };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

async function until(fn: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('worker process', () => {
  it('runs queued jobs, and resumes one whose worker was killed mid-generation', async () => {
    // an API without a worker queues a roadmap job
    const queued = await withDb(async (database) => {
      const config = loadConfig({ ...env(), WORKER: 'off', JWT_SECRET: 'x'.repeat(32), DATA_DIR: dataDir });
      const app = await buildApp({ config, database });
      await app.ready();
      try {
        const learner = newLearner();
        const { token } = (
          await app.inject({ method: 'POST', url: '/api/auth/register', payload: learner })
        ).json();
        const headers = { authorization: `Bearer ${token}` };
        const userId = (await app.inject({ url: '/api/user', headers })).json().id;
        const goal = (
          await app.inject({
            method: 'POST',
            url: '/api/goals',
            headers,
            payload: { description: 'Beginner: Learn Rust' },
          })
        ).json();
        const res = await app.inject({
          method: 'POST',
          url: `/api/roadmaps/${userId}/${goal.id}`,
          headers,
          payload: {},
        });
        expect(res.statusCode).toBe(202);
        return res.json().job.id as string;
      } finally {
        await app.close();
      }
    });

    // the provider hangs: the first worker is killed while its call is in flight
    server.reset();
    server.setFallback({ hang: true });
    const { child: first, output: firstOut } = startWorker();
    await until(() => server.requests.length > 0 || first.exitCode !== null);
    expect(first.exitCode, firstOut()).toBeNull();
    first.kill('SIGKILL');
    await exited(first);
    if (!dbUrl) rmSync(join(dataDir, 'server.pid'), { force: true }); // a killed process leaves its pid file

    // the provider answers now; a new worker re-queues the interrupted job and completes it
    const { data } = await createAi(createOfflineProvider()).generateRoadmap({
      goal: 'Learn Rust',
      level: 'Beginner',
      topics: [],
    });
    const { source: _s, ...generated } = data;
    server.setFallback({ content: JSON.stringify(generated) });
    const { child: second, output } = startWorker();
    try {
      await until(() => output().includes('"msg":"job succeeded"') || second.exitCode !== null);
      expect(output()).toContain('re-queued');
    } finally {
      second.kill('SIGTERM');
      expect(await exited(second)).toBe(0);
    }
    const job = await withDb((d) => jobOf(d, queued));
    expect(job).toMatchObject({ status: 'succeeded', attempts: 2, result: { source: 'model' } });
    // three databases opened and two processes started: the budget of process.test.ts, not a unit test's
  }, 90_000);
});

async function jobOf(database: Database, id: string) {
  const [row] = await database.db.select().from(generationJobs).where(eq(generationJobs.id, id));
  return row;
}
