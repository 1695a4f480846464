import { defineConfig } from '@playwright/test';
import { QUIET_CHROMIUM_ARGS } from '../scripts/lib/chromium-flags.ts';
import { CHOICE_MADE } from './src/consent.ts';
import { E2E_BASE_URL } from './src/env.ts';

// Runs against the production build on one URL (the API process serving shell + remotes), started by
// src/serve.ts with a fresh data directory and its own copy of the deployment, so release tests can
// repoint remotes without touching the developer's .deploy.
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../reports/e2e.json' }],
  ],
  outputDir: './test-results',
  use: {
    baseURL: E2E_BASE_URL,
    storageState: CHOICE_MADE,
    screenshot: 'only-on-failure',
    // a trace records every action of every test (a screenshot and a DOM snapshot each), a CPU cost the
    // 2-core CI pays on passing tests too; on CI the retry of a failed test records it instead
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [...QUIET_CHROMIUM_ARGS, '--disable-gpu', '--disable-quic'],
    },
  },
  projects: [
    { name: 'app', testIgnore: /(deploy|canary)\.spec\.ts/ },
    // repoint remotes.json of the shared server: run alone, after everything else
    { name: 'deploy', testMatch: /(deploy|canary)\.spec\.ts/, dependencies: ['app'], fullyParallel: false },
  ],
  webServer: {
    command: 'node src/serve.ts',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
