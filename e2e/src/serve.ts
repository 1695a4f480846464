// The e2e server: a fresh run directory (src/run-dir.ts), then the real API process (the same
// `node api/src/main.ts` that `npm start` runs) on E2E_PORT.
import { spawnApi } from './api-process.ts';
import { E2E_CANARY_MIN_LOADS } from './canary-env.ts';
import { E2E_PORT, E2E_RUN_DIR } from './env.ts';
import { freshRunDir } from './run-dir.ts';

const { dataDir, deployDir } = freshRunDir(E2E_RUN_DIR);
const api = spawnApi({
  port: E2E_PORT,
  dataDir,
  deployDir,
  env: { CANARY_MIN_LOADS: String(E2E_CANARY_MIN_LOADS) },
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => api.kill(sig));
api.on('exit', (code) => process.exit(code ?? 0));
