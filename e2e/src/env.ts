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

/**
 * The multi-instance suite (playwright.multi.config.ts): the round-robin proxy's port (the one URL); its two
 * API instances listen on the next two ports and the setup's control port (scripts/lib/multi-control.ts) on
 * the one after. A run directory of its own, apart from the one-server suite's.
 */
export const E2E_MULTI_PORT = Number(process.env.E2E_MULTI_PORT ?? 8094);
export const E2E_MULTI_BASE_URL = `http://127.0.0.1:${E2E_MULTI_PORT}`;
export const E2E_MULTI_CONTROL_PORT = E2E_MULTI_PORT + 3;
export const E2E_MULTI_RUN_DIR = `${E2E_RUN_DIR}-multi`;
