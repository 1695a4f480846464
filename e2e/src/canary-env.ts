/**
 * The e2e server's CANARY_MIN_LOADS (src/serve.ts): a failing canary is rolled back after this many loads, so
 * the canary spec's browsers reach the threshold in a few page loads (the default, 20, is for real traffic).
 */
export const E2E_CANARY_MIN_LOADS = 4;
