// What a learner's home_bodies row keeps (the dashboard, the activity, the review queue: migrations 0012
// and 0014), each part with the version it was built from. The triggers of those migrations move `version`
// on every change of the learner's that a part reads; a read that finds its part behind builds it again and
// keeps it here.
import { getTableColumns, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client.ts';
import { homeBodies } from './schema.ts';

/**
 * Keeps a part built from `version` (a learner without a home row yet is version 0), unless the learner's
 * version moved meanwhile: that change is not in what was built.
 */
export async function keepHomePart(
  db: Db,
  log: FastifyBaseLogger,
  user: string,
  version: number,
  part: Partial<typeof homeBodies.$inferInsert>,
) {
  const columns = getTableColumns(homeBodies);
  const set = Object.fromEntries(
    Object.keys(part).map((k) => [k, sql.raw(`excluded.${columns[k as keyof typeof columns].name}`)]),
  );
  await db
    .insert(homeBodies)
    .values({ userId: user, version, ...part })
    .onConflictDoUpdate({ target: homeBodies.userId, set, setWhere: sql`${homeBodies.version} = ${version}` })
    // the learner deleted meanwhile: nothing to keep, and this read answers what it built
    .catch((err: unknown) => log.warn({ err, user }, 'home body not kept'));
}
