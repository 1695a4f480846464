// `pnpm --filter @mindpath/bench vitals [--runs N]`: only the mobile-profile rows of `pnpm bench` (LCP, CLS,
// bytes of a cold landing load), on the existing build (shell/dist + .deploy): quick to rerun while working
// on page load. `pnpm bench` includes the same rows.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { registerLearner, startApi } from './api-server.ts';
import { launchChromium } from './browser.ts';
import { measureLandingBytes, measureMobileVitals, vitalsScenarios } from './mobile-vitals.ts';
import { ROOT } from './paths.ts';
import { formatTable } from './table.ts';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((a) => a !== '--'),
  options: { runs: { type: 'string', default: '3' } },
});
const runs = Number(values.runs);
// BENCH_PORT: another port when a bench already runs on this machine
const api = await startApi(
  { shellDist: join(ROOT, 'shell', 'dist'), deployDir: join(ROOT, '.deploy') },
  process.env.BENCH_PORT ? { port: Number(process.env.BENCH_PORT) } : {},
);
const browser = await launchChromium();
try {
  const learner = await registerLearner(api.base);
  const scenarios = vitalsScenarios('Learn anything with a roadmap built around you', learner.token);
  const vitals = await measureMobileVitals(browser, api.base, scenarios, runs);
  const bytes = await measureLandingBytes(browser, api.base, scenarios[0]!, runs);
  console.log(formatTable([...vitals.rows, ...bytes.rows]));
} finally {
  await browser.close();
  await api.stop();
}
