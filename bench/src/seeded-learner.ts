// The big learner several benches measure (home, the data download, account deletion): a fresh server with
// one registered learner whose plans and history are written straight into its database, on PGlite or on a
// new PostgreSQL database, removed once measured.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../api/src/db/client.ts';
import { type Database, openPglite, openPostgres } from '../../api/src/db/client.ts';
import { insertGoal } from '../../api/src/modules/goals/repository.ts';
import { planLessonsOfGoal, replaceRoadmap } from '../../api/src/modules/roadmaps/repository.ts';
import { type ApiServer, type Deployment, type Learner, registerLearner, startApi } from './api-server.ts';
import { call } from './generation.ts';
import { postgresDatabase, tenByTenSections } from './scale.ts';

export const GOALS = 10;
export const DAYS = 365;
export const DAY_MS = 86_400_000;

/** GOALS goals of 10 × 10 lessons each (the last one active); their lesson ids in plan order. */
export async function tenGoalsOfLessons(db: Db, userId: string): Promise<string[]> {
  const lessonIds: string[] = [];
  for (let g = 0; g < GOALS; g++) {
    const goal = await insertGoal(db, {
      userId,
      description: `Beginner: Goal ${g + 1}`,
      metadata: '{"level":"Beginner"}',
      level: 'Beginner',
      isActive: g === GOALS - 1,
    });
    await db.transaction((tx) => replaceRoadmap(tx, userId, goal.id, tenByTenSections(), 'offline'));
    lessonIds.push(...(await planLessonsOfGoal(db, goal.id)).map((l) => l.id));
  }
  return lessonIds;
}

export interface SeededServer {
  api: ApiServer;
  learner: Learner;
}

interface Options {
  port: number;
  /** the temporary data directory's prefix */
  name: string;
  env?: Record<string, string>;
  healthTimeoutMs?: number;
}

/**
 * Starts a server on `kind`, registers a learner, seeds them with `seed` (which closes nothing: the database
 * is closed here) and runs `measure`; then stops the server and removes its database and data directory.
 */
export async function withSeededLearner<T>(
  kind: 'PGlite' | 'PostgreSQL',
  deployment: Deployment,
  options: Options,
  seed: (db: Db, userId: string) => Promise<void>,
  measure: (server: SeededServer) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `mindpath-bench-${options.name}-`));
  const pg = kind === 'PostgreSQL' ? await postgresDatabase(process.env.DATABASE_URL!) : undefined;
  const start = {
    port: options.port,
    dataDir,
    env: { ...options.env, DATABASE_URL: pg?.url ?? '' },
    ...(options.healthTimeoutMs ? { healthTimeoutMs: options.healthTimeoutMs } : {}),
  };
  const seedInto = async (database: Database, userId: string) => {
    try {
      await seed(database.db, userId);
    } finally {
      await database.close();
    }
  };
  try {
    let api = await startApi(deployment, start);
    const learner = await registerLearner(api.base);
    const { id: userId } = await call<{ id: string }>(api.base, learner, 'GET', '/api/user');
    if (pg) await seedInto(openPostgres(pg.url), userId);
    else {
      // the embedded database allows one process: seed between two runs of the server
      await api.stop();
      await seedInto(await openPglite({ dataDir: join(dataDir, 'pglite') }), userId);
      api = await startApi(deployment, start);
    }
    try {
      return await measure({ api, learner });
    } finally {
      await api.stop();
    }
  } finally {
    await pg?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The measurement on PGlite, and on PostgreSQL too when DATABASE_URL is set. */
export async function onBothDatabases<R>(
  measure: (kind: 'PGlite' | 'PostgreSQL') => Promise<R[]>,
): Promise<R[]> {
  const rows = await measure('PGlite');
  if (process.env.DATABASE_URL) rows.push(...(await measure('PostgreSQL')));
  return rows;
}
