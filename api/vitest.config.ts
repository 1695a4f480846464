import { defineConfig } from 'vitest/config';

// API tests: each file gets its own database (PGlite in memory, or a fresh database on the PostgreSQL
// server named by DATABASE_URL) and drives the real Fastify app through inject.
// The curated kits' practice runs in the browser's runtimes under Node and opens no API database: the
// PGlite pass runs it, the PostgreSQL pass would only repeat it (about a minute).
const NEEDS_NO_DATABASE = ['test/kits-practice.test.ts'];

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...(process.env.DATABASE_URL?.trim() ? NEEDS_NO_DATABASE : [])],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // every core (Vitest's default leaves one idle: a single file at a time on 2 cores); a file waits on
    // PostgreSQL, argon2 and its sockets as much as it computes. On 2 cores: PGlite 13 -> 9 min, PostgreSQL
    // 8.8 -> 5.2 min, every test passing
    maxWorkers: '100%',
    // argon2id hashing is deliberately slow; PGlite's first start compiles WASM.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
