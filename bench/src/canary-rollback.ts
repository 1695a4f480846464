// A failing canary's automatic rollback, timed over HTTP against the real API process: a deployment whose
// mf-goals has a canary beside the stable version (both the build's goals, copied as release:remote
// publishes them), the canary's loads reported up to the minimum, then failures; the clock runs from the
// report that crosses the threshold to remotes.json without the canary, on disk and as the server serves it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RemotesManifest } from '@mindpath/contracts/remotes';
import { type Deployment, startApi } from './api-server.ts';
import { budget, median, ms, type Row } from './table.ts';

const PORT = 8100;
/** the defaults of CANARY_MIN_LOADS and CANARY_FAILURE_RATE, set explicitly so the figures below hold */
const MIN_LOADS = 20;
const FAILURE_RATE = 0.05;
const GOAL_MS = 10_000;
const POLL_MS = 5;

export interface CanaryRollbackResult {
  runs: number;
  /** the crossing report sent → remotes.json on disk without the canary */
  toFileMs: { median: number; max: number };
  /** the crossing report sent → GET /remotes.json without the canary */
  toServedMs: { median: number; max: number };
  /** the crossing report's own answer time */
  reportMs: { median: number; max: number };
  /** rollbacks recorded in releases.json's log: one per run */
  logged: number;
}

function deploymentWithCanaries(source: Deployment, runs: number) {
  const live = JSON.parse(readFileSync(join(source.deployDir, 'remotes.json'), 'utf8')) as RemotesManifest;
  const stable = live.remotes.goals?.version;
  if (!stable) throw new Error('the deployment has no live mf-goals to make a canary of');
  const deployDir = mkdtempSync(join(tmpdir(), 'mindpath-bench-canary-'));
  const publish = (version: string) =>
    cpSync(join(source.deployDir, 'remotes', 'goals', stable), join(deployDir, 'remotes', 'goals', version), {
      recursive: true,
    });
  publish(stable);
  const canaries = Array.from({ length: runs }, (_, i) => `${stable}-canary${i + 1}`);
  for (const version of canaries) publish(version);
  return { deployDir, stable, canaries };
}

const entry = (version: string) => `/remotes/goals/${version}/mf-manifest.json`;

/** What `release:remote goals --canary 10` leaves: the stable version and this canary at 10 %. */
function makeCanaryLive(deployDir: string, stable: string, canary: string, history: string[]) {
  const manifest: RemotesManifest = {
    updatedAt: new Date().toISOString(),
    remotes: {
      goals: {
        version: stable,
        entry: entry(stable),
        canary: { version: canary, entry: entry(canary), share: 10 },
      },
    },
  };
  writeFileSync(join(deployDir, 'remotes.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  let log: unknown[] = [];
  try {
    log =
      (JSON.parse(readFileSync(join(deployDir, 'releases.json'), 'utf8')) as { log?: unknown[] }).log ?? [];
  } catch {
    // the first canary of this deployment
  }
  log.push({ at: new Date().toISOString(), remote: 'goals', action: 'canary', version: canary, share: 10 });
  writeFileSync(
    join(deployDir, 'releases.json'),
    `${JSON.stringify({ versions: { goals: [stable, ...history] }, log }, null, 2)}\n`,
  );
}

const canaryOnDisk = (deployDir: string) =>
  (JSON.parse(readFileSync(join(deployDir, 'remotes.json'), 'utf8')) as RemotesManifest).remotes.goals
    ?.canary;

async function post(base: string, path: string, body: object): Promise<void> {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 204) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
}

async function until(done: () => boolean | Promise<boolean>, what: string): Promise<number> {
  const deadline = performance.now() + 3 * GOAL_MS;
  while (!(await done())) {
    if (performance.now() > deadline) throw new Error(`${what}: not within ${3 * GOAL_MS} ms`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return performance.now();
}

const summary = (xs: number[]) => ({ median: median(xs), max: Math.max(...xs) });

export async function measureCanaryRollback(
  source: Deployment,
  runs: number,
  env: Record<string, string> = {},
): Promise<{ result: CanaryRollbackResult; rows: Row[] }> {
  const label = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const { deployDir, stable, canaries } = deploymentWithCanaries(source, runs);
  const api = await startApi(
    { shellDist: source.shellDist, deployDir },
    {
      port: PORT,
      env: { CANARY_MIN_LOADS: String(MIN_LOADS), CANARY_FAILURE_RATE: String(FAILURE_RATE), ...env },
    },
  );
  const toFile: number[] = [];
  const toServed: number[] = [];
  const report: number[] = [];
  try {
    for (const [i, canary] of canaries.entries()) {
      makeCanaryLive(deployDir, stable, canary, canaries.slice(0, i + 1));
      for (let n = 0; n < MIN_LOADS; n++)
        await post(api.base, '/remote-loads', { remote: 'goals', version: canary });
      const failed = {
        remote: 'goals',
        version: canary,
        phase: 'render',
        name: 'TypeError',
        message: 'boom',
      };
      // 1 failure in 20 loads is 5 %: not above the threshold yet
      await post(api.base, '/client-errors', failed);
      if (!canaryOnDisk(deployDir)) throw new Error('rolled back before the threshold was crossed');
      // the second is 10 %: this report crosses it
      const sent = performance.now();
      const answered = post(api.base, '/client-errors', failed).then(() => performance.now());
      const [file, served, answer] = await Promise.all([
        until(() => !canaryOnDisk(deployDir), 'remotes.json on disk'),
        until(async () => {
          const res = await fetch(`${api.base}/remotes.json`);
          return !((await res.json()) as RemotesManifest).remotes.goals?.canary;
        }, 'GET /remotes.json'),
        answered,
      ]);
      toFile.push(file - sent);
      toServed.push(served - sent);
      report.push(answer - sent);
    }
  } finally {
    await api.stop();
  }
  const log = (
    JSON.parse(readFileSync(join(deployDir, 'releases.json'), 'utf8')) as { log: { action: string }[] }
  ).log;
  rmSync(deployDir, { recursive: true, force: true });
  const result: CanaryRollbackResult = {
    runs,
    toFileMs: summary(toFile),
    toServedMs: summary(toServed),
    reportMs: summary(report),
    logged: log.filter((e) => e.action === 'rollback').length,
  };
  const area = 'canary rollback';
  const rows: Row[] = [
    {
      area,
      metric: `crossing report → remotes.json without the canary (${label})`,
      value: `${ms(result.toFileMs.median)} median, ${ms(result.toFileMs.max)} max`,
      check: budget(result.toFileMs.max <= GOAL_MS, `≤ ${GOAL_MS / 1000} s`),
      note: `${runs} canaries, each rolled back at ${MIN_LOADS} loads and 2 render failures (> ${FAILURE_RATE * 100} %)`,
    },
    {
      area,
      metric: `crossing report → GET /remotes.json without the canary (${label})`,
      value: `${ms(result.toServedMs.median)} median, ${ms(result.toServedMs.max)} max`,
      check: budget(result.toServedMs.max <= GOAL_MS, `≤ ${GOAL_MS / 1000} s`),
      note: `the crossing report itself answered in ${ms(result.reportMs.median)} (median)`,
    },
    {
      area,
      metric: `rollbacks logged in releases.json (${label})`,
      value: `${result.logged} of ${runs}`,
      check: { ok: result.logged === runs, label: `= ${runs}` },
    },
  ];
  return { result, rows };
}
