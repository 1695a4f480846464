import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the e2e server lives; a port of its own so a running `npm start` on 8080 is left alone. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8090);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Wiped at each server start; E2E_RUN_DIR lets two runs on different ports keep apart. */
export const E2E_RUN_DIR = resolve(process.env.E2E_RUN_DIR ?? join(REPO_ROOT, 'e2e', '.run'));
export const E2E_DEPLOY_DIR = join(E2E_RUN_DIR, 'deploy');
export const E2E_DATA_DIR = join(E2E_RUN_DIR, 'data');
