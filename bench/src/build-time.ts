// Wall time of each app's production build (`pnpm run build`, i.e. `rspack build`), one after another
// (2 cores: parallel builds just contend). Each build goes to a private output directory and the remotes
// are released into a private deployment, so the bench never touches shell/dist, mf-*/dist or .deploy
// that a running server or an e2e run may be reading.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { Deployment } from './api-server.ts';
import { APPS, ROOT } from './paths.ts';
import type { Row } from './table.ts';

export interface BuildResult {
  rows: Row[];
  seconds: Record<string, number>;
  deployment: Deployment;
}

function run(cmd: string, args: string[], cwd: string, what: string, env: Record<string, string> = {}): void {
  const res = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', ...env },
  });
  if (res.status !== 0) throw new Error(`${what} failed (exit ${res.status}):\n${res.stderr || res.stdout}`);
}

export function measureBuildTimes(workDir: string): BuildResult {
  const rows: Row[] = [];
  const seconds: Record<string, number> = {};
  let total = 0;
  for (const app of APPS) {
    const t0 = performance.now();
    run('pnpm', ['run', 'build', '--output-path', join(workDir, app)], join(ROOT, app), `build of ${app}`);
    const s = (performance.now() - t0) / 1000;
    seconds[app] = s;
    total += s;
    rows.push({
      area: 'build',
      metric: app,
      value: `${s.toFixed(1)} s`,
      note: 'pnpm run build (rspack, production)',
    });
  }
  rows.push({
    area: 'build',
    metric: 'all eight apps',
    value: `${total.toFixed(1)} s`,
    note: 'one after another',
  });
  const deployDir = join(workDir, 'deploy');
  const shellDist = join(workDir, 'shell');
  for (const app of APPS.filter((a) => a.startsWith('mf-'))) {
    // each release is checked against the shell it will run under: this run's, not shell/dist (which a
    // fresh clone does not have)
    const args = ['scripts/release-remote.ts', app, '--dist', join(workDir, app), '--deploy-dir', deployDir];
    run(process.execPath, [...args, '--shell-dist', shellDist], ROOT, `release of ${app}`);
  }
  // the last step of `pnpm build`: without it the public pages would be measured unrendered
  const t0 = performance.now();
  run(process.execPath, ['scripts/prerender.ts'], ROOT, 'prerender', {
    SHELL_DIST: shellDist,
    DEPLOY_DIR: deployDir,
  });
  rows.push({
    area: 'build',
    metric: 'prerender',
    value: `${((performance.now() - t0) / 1000).toFixed(1)} s`,
    note: "the public pages by React's server renderer (scripts/prerender.ts)",
  });
  return { rows, seconds, deployment: { shellDist, deployDir } };
}
