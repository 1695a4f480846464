import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';
import { choiceMadeOn } from './src/consent.ts';
import { E2E_MULTI_BASE_URL } from './src/env.ts';

// The multi-instance suite (`pnpm --filter @mindpath/e2e test:multi`; `npm test` runs it when DATABASE_URL is
// set): the production build served by two API instances and a worker on PostgreSQL behind a round-robin
// proxy (src/serve-multi.ts). Its tests stop and start processes every test shares: one at a time.
export default defineConfig({
  ...base,
  testDir: './multi',
  fullyParallel: false,
  workers: 1,
  use: { ...base.use, baseURL: E2E_MULTI_BASE_URL, storageState: choiceMadeOn(E2E_MULTI_BASE_URL) },
  projects: [{ name: 'multi' }],
  webServer: {
    command: 'node src/serve-multi.ts',
    url: `${E2E_MULTI_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM to the process group: the setup stops its processes, then the run's database is dropped
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
