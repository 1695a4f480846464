// `pnpm bench`: builds every app into a private directory (timed), serves that build with the real API on
// port 8095, then measures API throughput, initial JS, React copies and page loads; prints one table and
// writes reports/bench.json, after every section (sections.ts: one that fails loses only itself, and the
// run ends with exit code 1). A missed invariant (0 errors, one React) fails the run; a missed budget (a
// size, a rate, a latency: table.ts) is reported, and fails the run under --enforce-budgets. Sections measure
// PostgreSQL too: DATABASE_URL's server, else a throwaway cluster of this run when PostgreSQL is installed.
//
//   --skip-build         measure the existing shell/dist + .deploy instead of building (no build times)
//   --enforce-budgets    exit 1 when a budget is missed
//   --quick              what to run before each stop, in about 3 minutes: the JS sizes, each API read once
//                        against health (2 s), the graph; measures the existing build when there is one
//   --runs N             page loads per scenario (default 5)
//   --api-seconds N      autocannon duration per endpoint (default 10)
//   --connections N      autocannon connections (default 32)
//   --only a,b           only these sections, by name (SECTIONS below; `soak`, 10 minutes, runs only when
//                        named): scale, crowd, chat, home, progress, soak, api, js, pages, vitals, notes,
//                        pomodoro, practice, pipeline, lessons, sources, payments, canary-rollback,
//                        metrics-overhead, data-export, account-deletion
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import {
  findPostgresBin,
  startThrowawayPostgres,
  stopWithProcess,
} from '../../scripts/lib/throwaway-postgres.ts';
import { measureAccountDeletion } from './account-deletion.ts';
import { measureApi } from './api-load.ts';
import { type Deployment, type Learner, registerLearner, startApi } from './api-server.ts';
import { launchChromium } from './browser.ts';
import { measureBuildTimes } from './build-time.ts';
import { measureCanaryRollback } from './canary-rollback.ts';
import { measureChatStream } from './chat-stream.ts';
import { measureCrowd } from './crowd.ts';
import { measureDataExport } from './data-export.ts';
import { measurePipelineOverhead } from './generation.ts';
import { measureHome } from './home.ts';
import { measureJobProgress } from './job-progress.ts';
import { loadLanding, measureRemoteJs, measureShellJs } from './js-size.ts';
import { measureLessons } from './lessons.ts';
import { measureMetricsOverhead } from './metrics-overhead.ts';
import { measureLandingBytes, measureMobileVitals, vitalsScenarios } from './mobile-vitals.ts';
import { measureNotes } from './notes.ts';
import { measurePageLoads } from './page-load.ts';
import { REPORTS, ROOT } from './paths.ts';
import { measurePayments } from './payments.ts';
import { measurePomodoro } from './pomodoro.ts';
import { measurePractice } from './practice.ts';
import { measureReactCopies } from './react-copies.ts';
import { measureReviews } from './reviews.ts';
import { measureScale, postgresDatabase } from './scale.ts';
import { runSections, type Section, selectSections } from './sections.ts';
import { measureSkipToRoadmap } from './skip-to-roadmap.ts';
import { measureSoak } from './soak.ts';
import { measureSources } from './sources.ts';
import { formatTable, misses, type Row } from './table.ts';

const { values: args } = parseArgs({
  // `pnpm bench -- --runs 3` passes the separator through
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: {
    'skip-build': { type: 'boolean', default: false },
    'enforce-budgets': { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    'api-seconds': { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    only: { type: 'string' },
  },
});
const QUICK_SECTIONS = ['js', 'scale', 'home', 'api', 'notes', 'practice'];
const builtAlready = () =>
  existsSync(join(ROOT, 'shell', 'dist', 'index.html')) && existsSync(join(ROOT, '.deploy', 'remotes.json'));
if (args.quick) {
  args.only ??= QUICK_SECTIONS.join(',');
  args['skip-build'] ||= builtAlready();
}
const runs = args.quick ? 1 : Number(args.runs);
const apiSeconds = args.quick ? 2 : Number(args['api-seconds']);
const connections = Number(args.connections);

const LANDING_HEADING = 'Learn anything with a roadmap built around you';
const log = (msg: string) => process.stderr.write(`bench: ${msg}\n`);
const report: Record<string, unknown> = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? '?'}`,
  options: { runs, apiSeconds, connections, skipBuild: args['skip-build'], quick: args.quick },
};

const loadAtStart = loadavg()[0]!;
const workDir = mkdtempSync(join(tmpdir(), 'mindpath-bench-build-'));

function writeReport(sectionRows: Row[]) {
  const machine: Row = {
    area: 'machine',
    metric: 'CPUs, load average (1 min)',
    value: `${cpus().length}, ${loadAtStart.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`,
    note: 'at start → at end; absolute figures only compare between quiet runs, ratios travel better',
  };
  const rows = [machine, ...buildRows, ...sectionRows];
  report.rows = rows;
  report.table = formatTable(rows);
  mkdirSync(REPORTS, { recursive: true });
  writeFileSync(join(REPORTS, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  return rows;
}

let deployment: Deployment;
const buildRows: Row[] = [];

/** The API on the build, Chromium and a learner, started for the first section that needs them. */
let api: Awaited<ReturnType<typeof startApi>> | undefined;
let browser: Browser | undefined;
let learner: Learner | undefined;
async function sharedApi() {
  if (!api) {
    api = await startApi(deployment);
    log(`API up on ${api.base}`);
  }
  return api;
}
async function chromium() {
  browser ??= await launchChromium();
  return browser;
}
async function signedIn() {
  learner ??= await registerLearner((await sharedApi()).base);
  return learner;
}
/** Sections that start their own servers measure with the shared API and Chromium gone. */
async function releaseShared() {
  await browser?.close();
  await api?.stop();
  browser = undefined;
  api = undefined;
  learner = undefined;
}

/** Runs a measurement on PGlite, and again on a throwaway database of DATABASE_URL's server when set. */
async function onEachDatabase<T>(
  measure: (env?: Record<string, string>) => Promise<{ result: T; rows: Row[] }>,
): Promise<{ results: Record<string, T>; rows: Row[] }> {
  const first = await measure();
  const results: Record<string, T> = { PGlite: first.result };
  const rows = [...first.rows];
  if (process.env.DATABASE_URL) {
    const pg = await postgresDatabase(process.env.DATABASE_URL);
    try {
      const onPg = await measure({ DATABASE_URL: pg.url });
      results.PostgreSQL = onPg.result;
      rows.push(...onPg.rows);
    } finally {
      await pg.drop();
    }
  }
  return { results, rows };
}

const SECTIONS: (Section & { sharesApi?: boolean })[] = [
  {
    name: 'scale',
    title:
      'reads under load: user, a 10 × 10 plan and its revalidation (PGlite; PostgreSQL with DATABASE_URL)…',
    async run() {
      const scale = await measureScale(deployment, { seconds: apiSeconds, connections });
      report.scale = scale.results;
      return scale.rows;
    },
  },
  {
    name: 'crowd',
    title: 'a crowd of 200 learners from register to chat (PGlite; PostgreSQL with DATABASE_URL)…',
    async run() {
      const crowd = await onEachDatabase((env) => measureCrowd(deployment, env));
      report.crowd = crowd.results;
      return crowd.rows;
    },
  },
  {
    name: 'chat',
    title:
      'streamed chat answers: the first delta and the whole answer (PGlite; PostgreSQL with DATABASE_URL)…',
    async run() {
      const chat = await onEachDatabase((env) => measureChatStream(deployment, env));
      report.chatStream = chat.results;
      return chat.rows;
    },
  },
  {
    name: 'home',
    title: 'the home dashboard and activity: 10 goals × 100 lessons, a year of activity…',
    run: () => measureHome(deployment, { seconds: apiSeconds, connections, runs, quick: args.quick }),
  },
  {
    name: 'data-export',
    title: 'Download my data: 10 goals × 100 written lessons, a year of activity, asked → ready, the zip…',
    run: () => measureDataExport(deployment),
  },
  {
    name: 'account-deletion',
    title: 'Delete my account: 10 goals × 100 written lessons, a year of activity, asked → gone…',
    run: () => measureAccountDeletion(deployment),
  },
  {
    name: 'progress',
    title: 'a 4,000-character lesson streamed: the WAL its job writes (PostgreSQL)…',
    async run() {
      const progress = await measureJobProgress(deployment);
      report.jobProgress = progress.result;
      return progress.rows;
    },
  },
  {
    name: 'soak',
    title: 'one API instance under a steady mixed load on PostgreSQL (BENCH_SOAK_SECONDS, default 600)…',
    byNameOnly: true,
    async run() {
      const soak = await measureSoak(deployment);
      report.soak = soak.result;
      return soak.rows;
    },
  },
  {
    name: 'api',
    title: `API load, ${apiSeconds} s per endpoint; spaced review: a queue of 10,000 cards, grading throughput…`,
    sharesApi: true,
    async run() {
      const { base } = await sharedApi();
      // --quick: the budgeted reads only (login's argon2 and the other reads have no budget)
      const load = args.quick ? undefined : await measureApi(base, { seconds: apiSeconds, connections });
      report.api = load?.results;
      const reviews = await measureReviews(base, { seconds: apiSeconds, connections });
      report.reviews = reviews.result;
      return [...(load?.rows ?? []), ...reviews.rows];
    },
  },
  {
    name: 'js',
    title: 'initial JS of the shell and each remote, React copies (Chromium and the build)…',
    sharesApi: true,
    async run() {
      const { base } = await sharedApi();
      const landing = await loadLanding(await chromium(), base, LANDING_HEADING);
      const react = await measureReactCopies(
        await chromium(),
        base,
        deployment.deployDir,
        (await signedIn()).token,
        [
          { path: '/home', heading: 'Home' },
          { path: '/goals', heading: 'Goals' },
          { path: '/learning-plan', heading: 'Learning plan' },
          { path: '/knowledge-graph', heading: 'Knowledge Base' },
          { path: '/settings', heading: 'Settings' },
        ],
      );
      report.react = react.result;
      const shell = measureShellJs(deployment.shellDist, landing.shellFiles);
      const observed = { ...react.result.firstRouteJs, ...landing.remotes };
      const remotes = measureRemoteJs(deployment.deployDir, deployment.shellDist, observed);
      report.initialJs = { shell: { gzip: shell.gzip, files: shell.files }, remotes: remotes.results };
      return [...shell.rows, ...remotes.rows, ...react.rows];
    },
  },
  {
    name: 'pages',
    title: 'page loads in Chromium…',
    sharesApi: true,
    async run() {
      const pages = await measurePageLoads(
        await chromium(),
        (await sharedApi()).base,
        [
          { name: '/ (landing)', path: '/', heading: LANDING_HEADING },
          { name: '/home (signed in)', path: '/home', heading: 'Home', token: (await signedIn()).token },
        ],
        runs,
      );
      report.pageLoad = pages.results;
      return pages.rows;
    },
  },
  {
    name: 'vitals',
    title: 'mobile profile (Lighthouse): LCP, CLS, bytes of a cold landing load, skip to the roadmap…',
    sharesApi: true,
    async run() {
      const { base } = await sharedApi();
      const scenarios = vitalsScenarios(LANDING_HEADING, (await signedIn()).token);
      const vitals = await measureMobileVitals(await chromium(), base, scenarios, runs);
      const bytes = await measureLandingBytes(await chromium(), base, scenarios[0]!, Math.min(runs, 3));
      report.mobileVitals = { ...vitals.results, landingBytes: bytes.result };
      const skip = await measureSkipToRoadmap(await chromium(), base, runs);
      report.skipToRoadmap = skip.result;
      return [...vitals.rows, ...bytes.rows, ...skip.rows];
    },
  },
  {
    name: 'notes',
    title: 'knowledge base: search over 5,000 notes, graph of 1,000 notes while dragging…',
    sharesApi: true,
    async run() {
      const notes = await measureNotes(await chromium(), (await sharedApi()).base, args.quick);
      report.notes = notes.result;
      return notes.rows;
    },
  },
  {
    name: 'pomodoro',
    title: "focus timer: drift over a simulated hour in a hidden tab, the ambient loops' gap…",
    sharesApi: true,
    async run() {
      const pomodoro = await measurePomodoro(await chromium(), (await sharedApi()).base);
      report.pomodoro = pomodoro.result;
      return pomodoro.rows;
    },
  },
  {
    name: 'practice',
    title:
      "practice: each runtime's bytes, cold and warm runs, a runaway loop; the lesson page's first load…",
    sharesApi: true,
    async run() {
      const practice = await measurePractice(
        await chromium(),
        (await sharedApi()).base,
        await signedIn(),
        { deployDir: deployment.deployDir, shellDist: deployment.shellDist },
        runs,
      );
      report.practice = practice.results;
      return practice.rows;
    },
  },
  {
    name: 'pipeline',
    title: 'AI pipeline overhead against the protocol server at 500 ms per call…',
    async run() {
      const pipeline = await measurePipelineOverhead(deployment, runs);
      report.pipeline = pipeline.results;
      return pipeline.rows;
    },
  },
  {
    name: 'lessons',
    title: 'lessons: content streamed offline and from the protocol server at 500 ms, eSpeak NG audio…',
    async run() {
      const lessons = await measureLessons(deployment, runs);
      report.lessons = lessons.results;
      return lessons.rows;
    },
  },
  {
    name: 'sources',
    title:
      "a goal's sources: recall@5, a 300-page PDF and a 5 MB Markdown file read, search at 10,000 passages (PGlite; PostgreSQL with DATABASE_URL)…",
    async run() {
      const sources = await measureSources(deployment, { seconds: apiSeconds, connections });
      report.sources = sources.results;
      return sources.rows;
    },
  },
  {
    name: 'canary-rollback',
    title:
      "a failing canary's automatic rollback: the report that crosses the threshold → remotes.json without it (PGlite; PostgreSQL with DATABASE_URL)…",
    async run() {
      const rollback = await onEachDatabase((env) => measureCanaryRollback(deployment, runs, env));
      report.canaryRollback = rollback.results;
      return rollback.rows;
    },
  },
  {
    name: 'metrics-overhead',
    title: 'Prometheus metrics on vs off: /api/health and /api/user throughput, two servers loaded in turn…',
    async run() {
      const overhead = await measureMetricsOverhead(deployment, { seconds: apiSeconds, connections });
      report.metricsOverhead = overhead.results;
      return overhead.rows;
    },
  },
  {
    name: 'payments',
    title: 'payments: sandbox checkout round trip, webhook events per second with signature verification…',
    async run() {
      const payments = await measurePayments(deployment, { runs, seconds: apiSeconds, connections });
      report.payments = payments.result;
      return payments.rows;
    },
  },
];

// a misspelt --only fails before the build
const selected = selectSections(SECTIONS, args.only?.split(','));
let sections: Awaited<ReturnType<typeof runSections>>;
// the PostgreSQL figures are budgets too: without a server named, the run starts its own
const postgresBin = process.env.DATABASE_URL ? undefined : findPostgresBin();
const cluster = postgresBin ? await startThrowawayPostgres(postgresBin) : undefined;
if (cluster) {
  stopWithProcess(cluster);
  process.env.DATABASE_URL = cluster.url;
  log(`PostgreSQL: a throwaway cluster for this run at ${cluster.url}`);
} else if (!process.env.DATABASE_URL) log('PostgreSQL not installed: the PostgreSQL figures are left out');
try {
  if (args['skip-build']) {
    deployment = { shellDist: join(ROOT, 'shell', 'dist'), deployDir: join(ROOT, '.deploy') };
    if (!builtAlready()) throw new Error('--skip-build needs the production build: run `pnpm build` first');
  } else {
    log('building the shell and the seven remotes (timed)…');
    const built = measureBuildTimes(workDir);
    deployment = built.deployment;
    buildRows.push(...built.rows);
    report.buildSeconds = built.seconds;
  }
  sections = await runSections(selected, {
    log,
    finished: (run) => writeReport(run.rows),
    starting: async (section) => {
      if (!section.sharesApi) await releaseShared();
    },
  });
} finally {
  await releaseShared();
  rmSync(workDir, { recursive: true, force: true });
}

const rows = writeReport(sections.rows);
console.log(formatTable(rows));
log(`report written to ${join(REPORTS, 'bench.json')}`);
const { budgets: budgetMisses, invariants: broken } = misses(rows);
if (budgetMisses.length)
  log(
    `${budgetMisses.length} budget(s) missed: ${budgetMisses.map((r) => r.metric).join('; ')}${args['enforce-budgets'] ? '' : ' (reported only; --enforce-budgets fails the run)'}`,
  );
if (broken.length) log(`invariant failed: ${broken.map((r) => r.metric).join(', ')}`);
for (const failure of sections.failures) log(`section ${failure.section} failed: ${failure.message}`);
if (broken.length || (budgetMisses.length && args['enforce-budgets'])) process.exitCode = 1;
