import { spawnSync } from 'node:child_process';
import { APPS, ROOT } from './paths.ts';
import type { Row } from './table.ts';

/** Wall time of each app's production build, one after another (2 cores: parallel builds just contend). */
export function measureBuildTimes(): Row[] {
  const rows: Row[] = [];
  let total = 0;
  for (const app of APPS) {
    const t0 = performance.now();
    const res = spawnSync('pnpm', ['--filter', `@mindpath/${app}`, 'build'], { cwd: ROOT, stdio: 'ignore' });
    const s = (performance.now() - t0) / 1000;
    if (res.status !== 0) throw new Error(`build of ${app} failed`);
    total += s;
    rows.push([`build ${app}`, `${s.toFixed(1)} s`]);
  }
  rows.push(['build all eight', `${total.toFixed(1)} s`, 'sequential']);
  return rows;
}
