// The real app over a per-file database, with temporary data, shell and deploy directories.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { openPostgres } from '../../src/db/client.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

export type Headers = Record<string, string>;
/** One call of the API through inject; `url` is the path under /api. */
export type ApiCall = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
) => Promise<LightMyRequestResponse>;

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  api: ApiCall;
  close(): Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'ai' | 'clock'> & { logger?: Logger } = {},
): Promise<TestApp> {
  const root = mkdtempSync(join(tmpdir(), 'mindpath-api-test-'));
  const config = loadConfig({
    DATA_DIR: join(root, 'data'),
    SHELL_DIST: join(root, 'shell'),
    DEPLOY_DIR: join(root, 'deploy'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const { logger, ...appOptions } = options;
  const database = await openTestDatabase(logger ? { logger } : {});
  const app = await buildApp({ config, database, ...appOptions });
  await app.ready();
  return {
    app,
    database,
    config,
    api: (method, url, headers, payload) =>
      app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload }) }),
    close: async () => {
      await app.close();
      await database.dispose();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export const STRONG_PASSWORD = 'Str0ng!pass';

let counter = 0;
/** A unique learner's registration payload. */
export function newLearner(overrides: Partial<{ username: string; email: string; password: string }> = {}) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${randomBytes(2).toString('hex')}`;
  return {
    username: `learner${counter}`,
    email: `learner-${id}@example.com`,
    password: STRONG_PASSWORD,
    ...overrides,
  };
}

/** Registers a learner through the API and answers the bearer header for them. */
export async function registerLearner(
  app: FastifyInstance,
  overrides: Parameters<typeof newLearner>[0] = {},
) {
  const learner = newLearner(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: learner });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const { token } = res.json<{ token: string }>();
  return { ...learner, token, headers: { authorization: `Bearer ${token}` } };
}

/** A query logger for createTestApp and the number of statements `work` sends through it. */
/** A second instance of `first`'s app: its own process state, and on PostgreSQL its own connection pool. */
export async function secondInstance(
  first: TestApp,
  options: Pick<BuildAppOptions, 'clock'> & { logger?: Logger } = {},
) {
  const { logger, ...appOptions } = options;
  const database = first.database.url
    ? openPostgres(first.database.url, logger ? { logger } : {})
    : first.database;
  const app = await buildApp({ config: first.config, database, ...appOptions });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (database !== first.database) await database.close();
    },
  };
}

export function queryCounter() {
  let counting = false;
  let n = 0;
  return {
    logger: {
      logQuery() {
        if (counting) n += 1;
      },
    } satisfies Logger,
    async count<T>(work: () => Promise<T>): Promise<{ n: number; result: T }> {
      n = 0;
      counting = true;
      try {
        const result = await work();
        return { n, result };
      } finally {
        counting = false;
      }
    },
  };
}
