// A second API process of the production build with a data directory of its own, for the few tests that must
// set up a state through the database while the server is stopped (PGlite admits one process at a time).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort, spawnApi, waitForHealth } from './api-process.ts';
import { E2E_DEPLOY_DIR, E2E_RUN_DIR, REPO_ROOT } from './env.ts';

export interface PrivateServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts (or restarts, keeping its data) the private server `name`. */
export async function startPrivateServer(name: string): Promise<PrivateServer> {
  const dataDir = join(E2E_RUN_DIR, `private-${name}`);
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnApi({ port, dataDir, deployDir: E2E_DEPLOY_DIR });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForHealth(url, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Runs SQL on a stopped private server's embedded database, opened with the API's own opener. */
export async function withStoppedDatabase(
  server: PrivateServer,
  run: (query: (sql: string, params?: unknown[]) => Promise<unknown>) => Promise<void>,
): Promise<void> {
  const { openPglite } = (await import(
    pathToFileURL(join(REPO_ROOT, 'api', 'src', 'db', 'client.ts')).href
  )) as {
    openPglite(o: { dataDir: string }): Promise<{
      client: { query(sql: string, params?: unknown[]): Promise<unknown> };
      close(): Promise<void>;
    }>;
  };
  const database = await openPglite({ dataDir: join(server.dataDir, 'pglite') });
  try {
    await run((sql, params) => database.client.query(sql, params));
  } finally {
    await database.close();
  }
}
