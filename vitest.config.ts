import { defineConfig } from 'vitest/config';

// Unit tests of every front-end package, shared/, scripts/ and bench/ (next to the code). The API has its own config
// (api/vitest.config.ts) because it needs a database per file.
export default defineConfig({
  test: {
    include: ['{shared,shell,mf-*,scripts,bench}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    restoreMocks: true,
    // every core (Vitest's default leaves one idle: one file at a time on 2 cores): 240 -> 171 s there
    maxWorkers: '100%',
  },
});
