import { defineConfig } from 'drizzle-kit';

// `pnpm --filter @mindpath/api db:generate` writes SQL migrations to drizzle/; they are committed and
// applied at start by drizzle's migrator (src/db/migrate.ts) on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
