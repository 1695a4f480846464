// `pnpm bench`: builds every app into a private directory (timed), serves that build with the real API on
// port 8095, then measures API throughput, initial JS, React copies and page loads; prints one table and
// writes reports/bench.json. Budgets are reported, not enforced, unless --enforce-budgets is given.
//
//   --skip-build         measure the existing shell/dist + .deploy instead of building (no build times)
//   --enforce-budgets    exit 1 when a JS budget is missed
//   --runs N             page loads per scenario (default 5)
//   --api-seconds N      autocannon duration per endpoint (default 10)
//   --connections N      autocannon connections (default 32)
//   --only scale,crowd,chat,home,progress,soak   only these sections (issue 16: reads under load, the 200-learner
//                        crowd, streamed chat answers' first delta; issue 13: the home dashboard's reads;
//                        issue 23: the WAL a streamed lesson's job writes, a 10-minute soak on PostgreSQL,
//                        run only when asked for)
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { measureApi } from './api-load.ts';
import { type Deployment, registerLearner, startApi } from './api-server.ts';
import { launchChromium } from './browser.ts';
import { measureBuildTimes } from './build-time.ts';
import { measureChatStream } from './chat-stream.ts';
import { measureCrowd } from './crowd.ts';
import { measurePipelineOverhead } from './generation.ts';
import { measureHome } from './home.ts';
import { measureJobProgress } from './job-progress.ts';
import { loadLanding, measureRemoteJs, measureShellJs } from './js-size.ts';
import { measureLessons } from './lessons.ts';
import { measureLandingBytes, measureMobileVitals, vitalsScenarios } from './mobile-vitals.ts';
import { measureNotes } from './notes.ts';
import { measurePageLoads } from './page-load.ts';
import { REPORTS, ROOT } from './paths.ts';
import { measurePayments } from './payments.ts';
import { measurePomodoro } from './pomodoro.ts';
import { measureReactCopies } from './react-copies.ts';
import { measureReviews } from './reviews.ts';
import { measureScale, postgresDatabase } from './scale.ts';
import { measureSkipToRoadmap } from './skip-to-roadmap.ts';
import { measureSoak } from './soak.ts';
import { formatTable, type Row } from './table.ts';

const { values: args } = parseArgs({
  // `pnpm bench -- --runs 3` passes the separator through
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    'skip-build': { type: 'boolean', default: false },
    'enforce-budgets': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    'api-seconds': { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
  },
});
const runs = Number(args.runs);
const apiSeconds = Number(args['api-seconds']);
const connections = Number(args.connections);

const LANDING_HEADING = 'Learn anything with a roadmap built around you';
const log = (msg: string) => process.stderr.write(`bench: ${msg}\n`);
const rows: Row[] = [];
const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
  options: { runs, apiSeconds, connections, skipBuild: args['skip-build'] },
};

/** Ends the run early once the one section asked for with --only has been measured. */
class OnlyDone extends Error {}

const loadAtStart = loadavg()[0]!;
const workDir = mkdtempSync(join(tmpdir(), 'mindpath-bench-build-'));
let stopApi: (() => Promise<void>) | undefined;
try {
  let deployment: Deployment;
  if (args['skip-build']) {
    deployment = { shellDist: join(ROOT, 'shell', 'dist'), deployDir: join(ROOT, '.deploy') };
    if (
      !existsSync(join(deployment.shellDist, 'index.html')) ||
      !existsSync(join(deployment.deployDir, 'remotes.json'))
    )
      throw new Error('--skip-build needs the production build: run `pnpm build` first');
  } else {
    log('building the shell and the seven remotes (timed)…');
    const built = measureBuildTimes(workDir);
    deployment = built.deployment;
    rows.push(...built.rows);
    report.buildSeconds = built.seconds;
  }

  const only = args.only?.split(',');
  if (!only || only.includes('scale')) {
    log(
      'reads under load: user, a 10 × 10 plan and its revalidation (PGlite; PostgreSQL with DATABASE_URL)…',
    );
    const scale = await measureScale(deployment, { seconds: apiSeconds, connections });
    report.scale = scale.results;
    rows.push(...scale.rows);
  }
  if (!only || only.includes('crowd')) {
    log('a crowd of 200 learners from register to chat (PGlite; PostgreSQL with DATABASE_URL)…');
    const crowds: Record<string, unknown> = {};
    const crowd = await measureCrowd(deployment);
    crowds.PGlite = crowd.result;
    rows.push(...crowd.rows);
    if (process.env.DATABASE_URL) {
      const pg = await postgresDatabase(process.env.DATABASE_URL);
      try {
        const onPg = await measureCrowd(deployment, { DATABASE_URL: pg.url });
        crowds.PostgreSQL = onPg.result;
        rows.push(...onPg.rows);
      } finally {
        await pg.drop();
      }
    }
    report.crowd = crowds;
  }
  if (!only || only.includes('chat')) {
    log(
      'streamed chat answers: the first delta and the whole answer (PGlite; PostgreSQL with DATABASE_URL)…',
    );
    const chat = await measureChatStream(deployment);
    rows.push(...chat.rows);
    const chats: Record<string, unknown> = { PGlite: chat.result };
    if (process.env.DATABASE_URL) {
      const pg = await postgresDatabase(process.env.DATABASE_URL);
      try {
        const onPg = await measureChatStream(deployment, { DATABASE_URL: pg.url });
        rows.push(...onPg.rows);
        chats.PostgreSQL = onPg.result;
      } finally {
        await pg.drop();
      }
    }
    report.chatStream = chats;
  }
  if (!only || only.includes('home')) {
    log('the home dashboard and activity: 10 goals × 100 lessons, a year of activity…');
    rows.push(...(await measureHome(deployment, { seconds: apiSeconds, connections, runs })));
  }
  if (!only || only.includes('progress')) {
    log('a 4,000-character lesson streamed: the WAL its job writes (PostgreSQL)…');
    const progress = await measureJobProgress(deployment);
    report.jobProgress = progress.result;
    rows.push(...progress.rows);
  }
  if (only?.includes('soak')) {
    // 10 minutes: asked for by name only
    log('soak: one API instance under a steady mixed load on PostgreSQL (BENCH_SOAK_SECONDS, default 600)…');
    const soak = await measureSoak(deployment);
    report.soak = soak.result;
    rows.push(...soak.rows);
  }
  if (only) throw new OnlyDone();

  const api = await startApi(deployment);
  stopApi = api.stop;
  log(`API up on ${api.base}; load test, ${apiSeconds} s per endpoint…`);
  const load = await measureApi(api.base, { seconds: apiSeconds, connections });
  report.api = load.results;
  log('spaced review: the queue of 10,000 cards next to /api/health, grading throughput…');
  const reviews = await measureReviews(api.base, { seconds: apiSeconds, connections });
  report.reviews = reviews.result;
  rows.push(...reviews.rows);

  log('Chromium: first render, React copies, page loads…');
  const browser = await launchChromium();
  try {
    const learner = await registerLearner(api.base);
    const landing = await loadLanding(browser, api.base, LANDING_HEADING);
    const react = await measureReactCopies(browser, api.base, deployment.deployDir, learner.token, [
      { path: '/home', heading: 'Home' },
      { path: '/goals', heading: 'Goals' },
      { path: '/learning-plan', heading: 'Learning plan' },
      { path: '/knowledge-graph', heading: 'Knowledge Base' },
      { path: '/settings', heading: 'Settings' },
    ]);
    report.react = react.result;
    const pages = await measurePageLoads(
      browser,
      api.base,
      [
        { name: '/ (landing)', path: '/', heading: LANDING_HEADING },
        { name: '/home (signed in)', path: '/home', heading: 'Home', token: learner.token },
      ],
      runs,
    );
    report.pageLoad = pages.results;
    log('mobile profile (Lighthouse): LCP, CLS, bytes of a cold landing load…');
    const scenarios = vitalsScenarios(LANDING_HEADING, learner.token);
    const vitals = await measureMobileVitals(browser, api.base, scenarios, runs);
    const bytes = await measureLandingBytes(browser, api.base, scenarios[0]!, Math.min(runs, 3));
    report.mobileVitals = { ...vitals.results, landingBytes: bytes.result };
    const skip = await measureSkipToRoadmap(browser, api.base, runs);
    report.skipToRoadmap = skip.result;
    log('knowledge base: search over 5,000 notes, graph of 1,000 notes while dragging…');
    const notes = await measureNotes(browser, api.base);
    report.notes = notes.result;
    rows.push(...notes.rows);
    log("focus timer: drift over a simulated hour in a hidden tab, the ambient loops' gap…");
    const pomodoro = await measurePomodoro(browser, api.base);
    report.pomodoro = pomodoro.result;
    rows.push(...pomodoro.rows);

    const shell = measureShellJs(deployment.shellDist, landing.shellFiles);
    const observed = { ...react.result.firstRouteJs, ...landing.remotes };
    const remotes = measureRemoteJs(deployment.deployDir, deployment.shellDist, observed);
    report.initialJs = { shell: { gzip: shell.gzip, files: shell.files }, remotes: remotes.results };
    rows.push(
      ...load.rows,
      ...shell.rows,
      ...remotes.rows,
      ...react.rows,
      ...pages.rows,
      ...vitals.rows,
      ...bytes.rows,
      ...skip.rows,
    );
  } finally {
    await browser.close();
  }
  await stopApi();
  stopApi = undefined;

  log('AI pipeline overhead against the protocol server at 500 ms per call…');
  const pipeline = await measurePipelineOverhead(deployment, runs);
  report.pipeline = pipeline.results;
  log('lessons: content streamed offline and from the protocol server at 500 ms, eSpeak NG audio…');
  const lessons = await measureLessons(deployment, runs);
  report.lessons = lessons.results;
  log('payments: sandbox checkout round trip, webhook events per second with signature verification…');
  const payments = await measurePayments(deployment, { runs, seconds: apiSeconds, connections });
  report.payments = payments.result;
  rows.push(...pipeline.rows, ...lessons.rows, ...payments.rows);
} catch (err) {
  if (!(err instanceof OnlyDone)) throw err;
} finally {
  await stopApi?.();
  rmSync(workDir, { recursive: true, force: true });
}

rows.unshift({
  area: 'machine',
  metric: 'CPUs, load average (1 min)',
  value: `${cpus().length}, ${loadAtStart.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
  note: 'at start → at end; absolute figures only compare between quiet runs, ratios travel better',
});
const table = formatTable(rows);
console.log(table);
const budgetMisses = rows.filter((r) => r.area === 'initial JS' && r.check && !r.check.ok);
const broken = rows.filter((r) => r.area !== 'initial JS' && r.check && !r.check.ok);
report.rows = rows;
report.table = table;
mkdirSync(REPORTS, { recursive: true });
writeFileSync(join(REPORTS, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
log(`report written to ${join(REPORTS, 'bench.json')}`);
if (budgetMisses.length)
  log(
    `${budgetMisses.length} JS budget(s) missed${args['enforce-budgets'] ? '' : ' (reported only; --enforce-budgets fails the run)'}`,
  );
if (broken.length) log(`invariant failed: ${broken.map((r) => r.metric).join(', ')}`);
if (broken.length || (budgetMisses.length && args['enforce-budgets'])) process.exitCode = 1;
