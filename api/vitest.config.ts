import { defineConfig } from 'vitest/config';

// API tests: each file gets its own database (PGlite in memory, or a fresh database on the PostgreSQL
// server named by DATABASE_URL) and drives the real Fastify app through inject.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // argon2id hashing is deliberately slow; PGlite's first start compiles WASM.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
