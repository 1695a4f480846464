// A PostgreSQL server for the bench's sections that need one: DATABASE_URL's when given, else a throwaway
// cluster of this run (the one `npm test` starts: initdb in a temporary folder, a free loopback port), stopped
// at the end. Each section gets a fresh database on it (scale.ts's postgresDatabase).
import { findPostgresBin, startThrowawayPostgres } from '../../scripts/lib/throwaway-postgres.ts';
import { postgresDatabase } from './scale.ts';

export async function withPostgres<T>(use: (db: { url: string }) => Promise<T>): Promise<T> {
  const cluster = process.env.DATABASE_URL ? undefined : await startThrowawayPostgres(findPostgresBin());
  const server = cluster?.url ?? (process.env.DATABASE_URL as string);
  try {
    const pg = await postgresDatabase(server);
    try {
      return await use(pg);
    } finally {
      await pg.drop();
    }
  } finally {
    cluster?.stop();
  }
}
