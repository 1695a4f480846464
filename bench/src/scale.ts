// The reads a learner's screens poll, under 32 connections, as ratios to /api/health of
// the same server in the same run, on PGlite and on PostgreSQL (when DATABASE_URL names a server whose role
// may create databases): GET /api/user, the optimized plan data of a 10 × 10 roadmap, and its 304 revalidation.
// Each read also reports its CPU per request (cpu.ts), which a busy machine disturbs far less than req/s.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openPglite, openPostgres } from '../../api/src/db/client.ts';
import { replaceRoadmap } from '../../api/src/modules/roadmaps/repository.ts';
import { load, type Target } from './api-load.ts';
import { type Deployment, registerLearner, startApi } from './api-server.ts';
import { type CpuPerRequest, cpuMeter, cpuTotal } from './cpu.ts';
import { call, newGoal } from './generation.ts';
import { measurePlanEdits } from './plan-edits.ts';
import { budget, type Row, rateBudget } from './table.ts';

const PORT = 8097;
type DbKind = 'PGlite' | 'PostgreSQL';

/** The issue's targets: a ratio to /api/health at least, and a p99 at most where one is set. */
const TARGETS: Record<DbKind, Partial<Record<Read, { ratio: number; p99Ms?: number }>>> = {
  PostgreSQL: { user: { ratio: 0.25 }, plan: { ratio: 0.1, p99Ms: 50 }, revalidate: { ratio: 0.3 } },
  PGlite: { plan: { ratio: 0.03, p99Ms: 300 } },
};
type Read = 'health' | 'user' | 'plan' | 'revalidate';
const LABEL: Record<Read, string> = {
  health: 'GET /api/health',
  user: 'GET /api/user',
  plan: 'GET optimized-data (10 × 10)',
  revalidate: 'GET optimized-data (10 × 10), If-None-Match → 304',
};

export interface ReadFigure {
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  ratio: number;
  cpuUs: CpuPerRequest;
  /** /api/health's CPU per request over this read's: the throughput ratio of a quiet machine */
  cpuRatio: number;
}

/** A roadmap of 10 sections × 10 lessons, as the bench seeds it (generation caps at 8 × 6). */
export function tenByTenSections() {
  return Array.from({ length: 10 }, (_, s) => ({
    name: `Section ${s + 1}`,
    description: `About section ${s + 1}`,
    lessons: Array.from({ length: 10 }, (_, l) => ({
      title: `Lesson ${s + 1}.${l + 1}`,
      summary: 'A lesson',
      estimatedTimeInMinutes: 30,
    })),
  }));
}

/** A learner with a 10 × 10 roadmap written straight into the database (generation caps at 8 × 6). */
async function seedPlan(open: () => Promise<Database>, userId: string, goalId: string) {
  const database = await open();
  try {
    await database.db.transaction((tx) => replaceRoadmap(tx, userId, goalId, tenByTenSections(), 'offline'));
  } finally {
    await database.close();
  }
}

/** A fresh database on that server, dropped after the measurement. */
export async function postgresDatabase(serverUrl: string) {
  const name = `mindpath_bench_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(serverUrl);
  await admin.db.execute(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    /** the server processes of this database's connections (the API's pool) */
    backendPids: async () => {
      const rows = await admin.db.execute(`select pid from pg_stat_activity where datname = '${name}'`);
      return [...(rows as Iterable<{ pid: number }>)].map((r) => Number(r.pid));
    },
    drop: async () => {
      await admin.db.execute(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

async function etagOf(base: string, path: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(base + path, { headers });
  const etag = res.headers.get('etag');
  if (!res.ok || !etag) throw new Error(`${path}: ${res.status}, no ETag to revalidate with`);
  return etag;
}

const READS_AFTER_CHANGE = 100;

/**
 * The plan read's two costs one request at a time: right after a change (a lesson's completion toggled through
 * the API), when the body is built again, and unchanged, when the kept one is read.
 */
async function readsAfterChange(
  base: string,
  headers: Record<string, string>,
  path: string,
  lessonId: string,
) {
  const timed = async () => {
    const start = performance.now();
    const res = await fetch(base + path, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return performance.now() - start;
  };
  const changed: number[] = [];
  const kept: number[] = [];
  for (let i = 0; i < READS_AFTER_CHANGE; i++) {
    const toggled = await fetch(`${base}/api/roadmaps/items/${lessonId}/completion`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!toggled.ok) throw new Error(`completion toggle: ${toggled.status}`);
    changed.push(await timed());
    kept.push(await timed());
  }
  const summary = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
    return { p50: at(0.5), p99: at(0.99) };
  };
  return { changed: summary(changed), kept: summary(kept) };
}

export async function measureScale(
  deployment: Deployment,
  opts: { seconds: number; connections: number },
): Promise<{ rows: Row[]; results: Partial<Record<DbKind, Record<Read, ReadFigure>>> }> {
  const results: Partial<Record<DbKind, Record<Read, ReadFigure>>> = {};
  const rows: Row[] = [];
  const kinds: DbKind[] = process.env.DATABASE_URL ? ['PGlite', 'PostgreSQL'] : ['PGlite'];
  for (const kind of kinds) {
    const dataDir = mkdtempSync(join(tmpdir(), 'mindpath-bench-scale-'));
    const pg = kind === 'PostgreSQL' ? await postgresDatabase(process.env.DATABASE_URL!) : undefined;
    const env = { DATABASE_URL: pg?.url ?? '' };
    try {
      let api = await startApi(deployment, { port: PORT, dataDir, env });
      const learner = await registerLearner(api.base);
      const { userId, goalId } = await newGoal(api.base, learner);
      if (pg) await seedPlan(async () => openPostgres(pg.url), userId, goalId);
      else {
        // the embedded database allows one process: seed between two runs of the server
        await api.stop();
        await seedPlan(() => openPglite({ dataDir: join(dataDir, 'pglite') }), userId, goalId);
        api = await startApi(deployment, { port: PORT, dataDir, env });
      }
      try {
        const path = `/api/learningplan/optimized-data/${goalId}`;
        const plan = await call<{
          roadmaps: { id: string }[];
          lessonsForRoadmaps: Record<string, { id: string }[]>;
        }>(api.base, learner, 'GET', path);
        const lessons = Object.values(plan.lessonsForRoadmaps).flat().length;
        if (lessons !== 100) throw new Error(`the seeded plan has ${lessons} lessons, not 100`);
        const etag = await etagOf(api.base, path, learner.headers);
        const targets: Record<Read, Target> = {
          health: { endpoint: LABEL.health, path: '/api/health', note: '' },
          user: { endpoint: LABEL.user, path: '/api/user', headers: learner.headers, note: '' },
          plan: { endpoint: LABEL.plan, path, headers: learner.headers, note: '' },
          revalidate: {
            endpoint: LABEL.revalidate,
            path,
            headers: { ...learner.headers, 'if-none-match': etag },
            note: '',
            notModified: true,
          },
        };
        for (const t of Object.values(targets)) await load(api.base, t, 2, opts.connections); // warm-up
        const figures = {} as Record<Read, ReadFigure>;
        const dbPids = (await pg?.backendPids()) ?? [];
        for (const [read, t] of Object.entries(targets) as [Read, Target][]) {
          const cpu = cpuMeter(api.pid, dbPids);
          const r = await load(api.base, t, opts.seconds, opts.connections);
          figures[read] = {
            reqPerSec: r.requests.average,
            p50Ms: r.latency.p50,
            p99Ms: r.latency.p99,
            ratio: 0,
            cpuUs: cpu(r.requests.total),
            cpuRatio: 0,
          };
        }
        for (const f of Object.values(figures)) {
          f.ratio = f.reqPerSec / figures.health.reqPerSec;
          f.cpuRatio = cpuTotal(figures.health.cpuUs) / Math.max(1, cpuTotal(f.cpuUs));
        }
        results[kind] = figures;
        // the same read once more after every load above: a server that slows with the requests it has served
        // (postgres-js's pool queue did, until patches/postgres@3.4.9.patch) shows here. Next to health read
        // again just before it, as the first was: this machine's speed moved by up to 2x between runs, and
        // the first and the last read are a minute apart (0.76 and 0.79 × in two runs, with nothing slowed).
        const healthAgain = (await load(api.base, targets.health, opts.seconds, opts.connections)).requests
          .average;
        const again = (await load(api.base, targets.user, opts.seconds, opts.connections)).requests.average;
        const againRatio = again / healthAgain / figures.user.ratio;
        const rebuilt = await readsAfterChange(
          api.base,
          learner.headers,
          path,
          Object.values(plan.lessonsForRoadmaps)[0]![0]!.id,
        );
        const edits = await measurePlanEdits(
          api.base,
          learner.headers,
          goalId,
          plan.roadmaps.map((r) => ({
            id: r.id,
            lessons: (plan.lessonsForRoadmaps[r.id] ?? []).map((l) => l.id),
          })),
          kind,
        );
        for (const [read, f] of Object.entries(figures) as [Read, ReadFigure][]) {
          const target = TARGETS[kind][read];
          rows.push({
            area: 'API scale',
            metric: `${LABEL[read]}, ${kind}`,
            value: `${f.reqPerSec.toFixed(0)} req/s, p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms`,
            ...(target ? { check: rateBudget(f, figures.health.reqPerSec, target) } : {}),
            note: `${read === 'health' ? `baseline; ${opts.connections} connections × ${opts.seconds} s` : `${f.ratio.toFixed(3)} × /api/health`}; CPU µs/request: API ${f.cpuUs.api.toFixed(0)}${kind === 'PostgreSQL' ? `, PostgreSQL ${f.cpuUs.db.toFixed(0)}` : ''}, autocannon ${f.cpuUs.loadGenerator.toFixed(0)}${read === 'health' ? '' : ` (${f.cpuRatio.toFixed(3)} × health's)`}`,
          });
        }
        rows.push({
          area: 'API scale',
          metric: `GET /api/user again, after the reads above, ${kind}`,
          value: `${again.toFixed(0)} req/s, ${(again / healthAgain).toFixed(3)} × /api/health`,
          check: budget(againRatio >= 0.8, '≥ 0.8 × the first run, each to health'),
          note: `${againRatio.toFixed(2)} × the first run's ${figures.user.ratio.toFixed(3)} × /api/health; /api/health read again just before it: ${healthAgain.toFixed(0)} req/s (${(healthAgain / figures.health.reqPerSec).toFixed(2)} × the first)`,
        });
        rows.push({
          area: 'API scale',
          metric: `GET optimized-data (10 × 10), one at a time, ${kind}`,
          value: `after a change: p50 ${rebuilt.changed.p50} ms, p99 ${rebuilt.changed.p99} ms; unchanged: p50 ${rebuilt.kept.p50} ms, p99 ${rebuilt.kept.p99} ms`,
          note: `${READS_AFTER_CHANGE} reads each; "after a change" follows a lesson's completion toggled, so the database builds the plan's body again (plan-body.ts)`,
        });
        rows.push(...edits);
      } finally {
        await api.stop();
      }
    } finally {
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return { rows, results };
}
