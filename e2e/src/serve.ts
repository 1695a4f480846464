// The e2e server: a fresh data directory and a private copy of the built deployment, then the real API
// process (the same `node api/src/main.ts` that `npm start` runs) on E2E_PORT.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnApi } from './api-process.ts';
import { E2E_DATA_DIR, E2E_DEPLOY_DIR, E2E_PORT, E2E_RUN_DIR, REPO_ROOT } from './env.ts';

const built = join(REPO_ROOT, '.deploy', 'remotes.json');
if (!existsSync(built) || !existsSync(join(REPO_ROOT, 'shell', 'dist', 'index.html'))) {
  console.error('e2e needs the production build: run `pnpm build` first');
  process.exit(1);
}
rmSync(E2E_RUN_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });
cpSync(join(REPO_ROOT, '.deploy'), E2E_DEPLOY_DIR, { recursive: true });

const api = spawnApi({ port: E2E_PORT, dataDir: E2E_DATA_DIR, deployDir: E2E_DEPLOY_DIR });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => api.kill(sig));
api.on('exit', (code) => process.exit(code ?? 0));
