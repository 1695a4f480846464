// The e2e server: a fresh data directory and a private copy of the built deployment, then the real API
// process (the same `node api/src/main.ts` that `npm start` runs) on E2E_PORT.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { E2E_DATA_DIR, E2E_DEPLOY_DIR, E2E_PORT, E2E_RUN_DIR, REPO_ROOT } from './env.ts';

const built = join(REPO_ROOT, '.deploy', 'remotes.json');
if (!existsSync(built) || !existsSync(join(REPO_ROOT, 'shell', 'dist', 'index.html'))) {
  console.error('e2e needs the production build: run `pnpm build` first');
  process.exit(1);
}
rmSync(E2E_RUN_DIR, { recursive: true, force: true });
mkdirSync(E2E_DATA_DIR, { recursive: true });
cpSync(join(REPO_ROOT, '.deploy'), E2E_DEPLOY_DIR, { recursive: true });

const api = spawn(process.execPath, [join(REPO_ROOT, 'api', 'src', 'main.ts')], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: '',
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    DATA_DIR: E2E_DATA_DIR,
    DEPLOY_DIR: E2E_DEPLOY_DIR,
    AUTH_RATE_LIMIT: '1000',
    LOG_LEVEL: 'warn',
  },
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => api.kill(sig));
api.on('exit', (code) => process.exit(code ?? 0));
