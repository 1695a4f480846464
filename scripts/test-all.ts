// `npm test`: every suite in turn — lint, typecheck, unit, API on PGlite, API on PostgreSQL, production
// build, e2e in Chromium, the multi-instance e2e on PostgreSQL — then one line `N passed, N failed`.
// PostgreSQL is the server DATABASE_URL names or, without one, a throwaway cluster this run starts and removes.
// A suite whose tool is missing (not root, so the bootstrap could not install it) fails with one line that
// names the package: never a skip that reports green.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findPostgresBin, startThrowawayPostgres, stopWithProcess } from './lib/throwaway-postgres.ts';

const root = process.env.MINDPATH_ROOT ?? process.cwd();
const reports = join(root, 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Tally {
  suite: string;
  passed: number;
  failed: number;
  seconds: number;
}
const tallies: Tally[] = [];

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n$ ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
}

/** A gate (lint, typecheck, build) counts as one check. */
function gate(suite: string, cmd: string, args: string[]): void {
  const t0 = Date.now();
  const ok = run(cmd, args);
  tallies.push({ suite, passed: ok ? 1 : 0, failed: ok ? 0 : 1, seconds: (Date.now() - t0) / 1000 });
}

function readJson(file: string): Record<string, unknown> | undefined {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : undefined;
}

/** A vitest suite: counts from its JSON report; a crash with no report counts as one failure. */
function vitest(suite: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const out = join(reports, `${suite}.json`);
  const t0 = Date.now();
  const ok = run('pnpm', [...args, '--reporter=default', '--reporter=json', `--outputFile=${out}`], env);
  const r = readJson(out);
  const passed = Number(r?.numPassedTests ?? 0);
  let failed = Number(r?.numFailedTests ?? 0);
  if (!ok && failed === 0) failed = 1;
  if (r && Number(r.numTotalTests ?? 0) === 0) failed += 1; // a suite that ran no test proves nothing
  tallies.push({ suite, passed, failed, seconds: (Date.now() - t0) / 1000 });
}

/** A Playwright suite (a script of the e2e package): counts from its JSON report. */
function playwright(suite: string, script: string, env: NodeJS.ProcessEnv = {}): void {
  const out = join(reports, `${suite}.json`);
  const t0 = Date.now();
  const ok = run('pnpm', ['--filter', '@mindpath/e2e', 'run', script], {
    ...env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  const stats = (readJson(out)?.stats ?? {}) as Record<string, number>;
  const passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  let failed = stats.unexpected ?? 0;
  if (!ok && failed === 0) failed = 1;
  if (passed + failed === 0) failed = 1;
  tallies.push({ suite, passed, failed, seconds: (Date.now() - t0) / 1000 });
}

/** A suite that cannot run here: one failure, and the line that says what to install. */
function cannotRun(suite: string, why: string): void {
  console.log(`\n${suite}: ${why}`);
  tallies.push({ suite, passed: 0, failed: 1, seconds: 0 });
}

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const noChromium = existsSync(chromium)
  ? undefined
  : `no Chromium at ${chromium}: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH`;

let databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
let noPostgres: string | undefined;
if (!databaseUrl) {
  try {
    const pg = await startThrowawayPostgres(findPostgresBin());
    stopWithProcess(pg);
    databaseUrl = pg.url;
    console.log(`PostgreSQL: a throwaway cluster for this run at ${pg.url} (${pg.dataDir})`);
  } catch (err) {
    noPostgres = (err as Error).message;
  }
}
const onPostgres = { DATABASE_URL: databaseUrl ?? '' };

gate('lint', 'pnpm', ['run', 'lint']);
gate('typecheck', 'pnpm', ['run', 'typecheck']);
vitest('unit', ['exec', 'vitest', 'run']);
vitest('api-pglite', ['--filter', '@mindpath/api', 'exec', 'vitest', 'run'], { DATABASE_URL: '' });
if (noPostgres) cannotRun('api-postgres', noPostgres);
else vitest('api-postgres', ['--filter', '@mindpath/api', 'exec', 'vitest', 'run'], onPostgres);
gate('build', 'pnpm', ['run', 'build']);
if (noChromium) cannotRun('e2e', noChromium);
else playwright('e2e', 'test');
if (noChromium || noPostgres) cannotRun('e2e-multi', (noChromium ?? noPostgres) as string);
else playwright('e2e-multi', 'test:multi', onPostgres);

console.log('\nsuite          passed  failed  seconds');
for (const t of tallies) {
  console.log(
    `${t.suite.padEnd(14)} ${String(t.passed).padStart(6)}  ${String(t.failed).padStart(6)}  ${t.seconds.toFixed(0).padStart(7)}`,
  );
}
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
