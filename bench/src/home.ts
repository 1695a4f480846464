// Home's figures: GET /api/dashboard and GET /api/activity for a learner with 10 goals × 100 lessons and a
// year of activity (a lesson completed and a focus session every day), under load, as ratios to /api/health
// of the same server in the same run (PGlite, the embedded default, and PostgreSQL with DATABASE_URL); then /home itself in Chromium for that
// learner: the JS of a cold load and the time until every panel is filled.
import type { Db } from '../../api/src/db/client.ts';
import { pomodoroSessions } from '../../api/src/db/schema.ts';
import { activityDay } from './activity-day.ts';
import { load, type Target } from './api-load.ts';
import type { Deployment } from './api-server.ts';
import { launchChromium } from './browser.ts';
import { call } from './generation.ts';
import { measureHomePage } from './home-page.ts';
import { DAYS, GOALS, onBothDatabases, tenGoalsOfLessons, withSeededLearner } from './seeded-learner.ts';
import { type Row, rateBudget } from './table.ts';

const PORT = 8098;
/** The dashboard's and the activity's budgets under load (PGlite serves one query at a time). */
const GOAL = { PostgreSQL: { ratio: 0.1, p99Ms: 100 }, PGlite: { p99Ms: 300 } };

/** 10 goals of 10 × 10 lessons; one lesson completed and one 25-minute focus session on each of 365 days. */
async function seed(db: Db, userId: string) {
  const lessonIds = await tenGoalsOfLessons(db, userId);
  for (let d = 0; d < DAYS; d++) {
    // the bench's own ids and dates, written as SQL text: one statement on both drivers
    const at = activityDay(d).toISOString();
    await db.execute(
      `update lessons set is_completed = true, completed_at = '${at}' where id = '${lessonIds[d]}'`,
    );
  }
  await db.insert(pomodoroSessions).values(
    Array.from({ length: DAYS }, (_, d) => ({
      userId,
      clientId: `bench-focus-${d}`,
      completedAt: activityDay(d),
      duration: 1500,
    })),
  );
}

/** The dashboard's reads under load next to /api/health, then /home in Chromium, on one database. */
async function measureOn(
  kind: 'PGlite' | 'PostgreSQL',
  deployment: Deployment,
  opts: { seconds: number; connections: number; runs: number; quick?: boolean },
): Promise<Row[]> {
  return withSeededLearner(kind, deployment, { port: PORT, name: 'home' }, seed, async ({ api, learner }) => {
    const activityPath = '/api/activity?timeZone=Europe%2FParis';
    const activity = await call<{ longestStreak: number }>(api.base, learner, 'GET', activityPath);
    if (activity.longestStreak < DAYS) throw new Error(`a ${activity.longestStreak}-day streak, not ${DAYS}`);
    const targets: Target[] = [
      { endpoint: 'GET /api/health', path: '/api/health', note: '' },
      { endpoint: 'GET /api/dashboard', path: '/api/dashboard', headers: learner.headers, note: '' },
      { endpoint: 'GET /api/activity', path: activityPath, headers: learner.headers, note: '' },
    ];
    for (const t of targets) await load(api.base, t, 2, opts.connections); // warm-up
    const figures = [];
    for (const t of targets) figures.push({ t, r: await load(api.base, t, opts.seconds, opts.connections) });
    const health = figures[0]!.r.requests.average;
    const about = `${GOALS} goals × 100 lessons, a year of activity`;
    const rows: Row[] = figures.map(({ t, r }, i) => ({
      area: 'Home',
      metric: `${t.endpoint} on ${kind}, ${about}`,
      value: `${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
      ...(i === 0
        ? {}
        : {
            check: rateBudget({ reqPerSec: r.requests.average, p99Ms: r.latency.p99 }, health, GOAL[kind]),
          }),
      note:
        i === 0
          ? `baseline; ${opts.connections} connections × ${opts.seconds} s`
          : `${(r.requests.average / health).toFixed(3)} × /api/health`,
    }));
    if (opts.quick) return rows;
    const browser = await launchChromium();
    try {
      rows.push(...(await measureHomePage(browser, api.base, learner.token, opts.runs, `${about}, ${kind}`)));
    } finally {
      await browser.close();
    }
    return rows;
  });
}

/** On PGlite, the embedded default, and on PostgreSQL too when DATABASE_URL is set; `quick`: the reads alone. */
export async function measureHome(
  deployment: Deployment,
  opts: { seconds: number; connections: number; runs: number; quick?: boolean },
): Promise<Row[]> {
  return onBothDatabases((kind) => measureOn(kind, deployment, opts));
}
