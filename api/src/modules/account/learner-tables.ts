// Which tables hold a learner's rows, and how to find them: the data export reads every table listed here and
// account deletion must leave none of them holding the learner. A test lists the database's tables and fails on
// one that is in neither list, so a new table cannot be forgotten by either.
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

export interface LearnerTable {
  table: string;
  /** selects the learner's rows; `$user` stands for the learner's id */
  where: (user: string) => SQL;
  /** false: derived or operational rows (caches, job bookkeeping), left out of the download, deleted all the same */
  exported: boolean;
  /** columns never written to the download (secrets, card data) */
  omit?: readonly string[];
  /** kept, without the learner, when the account is deleted: what the law requires of payments */
  keptOnDeletion?: true;
  /** exists only where the database has the extension it needs (pgvector) */
  optional?: true;
}

const byUser = (user: string) => sql`user_id = ${user}`;

export const LEARNER_TABLES: readonly LearnerTable[] = [
  { table: 'users', where: (user) => sql`id = ${user}`, exported: true, omit: ['password_hash'] },
  { table: 'subscriptions', where: byUser, exported: true },
  { table: 'goals', where: byUser, exported: true },
  { table: 'knowledge_assessments', where: byUser, exported: true },
  { table: 'roadmaps', where: byUser, exported: true },
  { table: 'plan_edits', where: byUser, exported: true },
  { table: 'plan_schedules', where: byUser, exported: true },
  { table: 'calendar_feeds', where: byUser, exported: true, omit: ['token'] },
  { table: 'lessons', where: byUser, exported: true },
  { table: 'lesson_assessments', where: byUser, exported: true },
  { table: 'lesson_versions', where: byUser, exported: true },
  { table: 'exercises', where: byUser, exported: true },
  { table: 'exercise_attempts', where: byUser, exported: true },
  { table: 'chat_messages', where: byUser, exported: true },
  { table: 'learning_plans', where: byUser, exported: true },
  { table: 'usage_events', where: byUser, exported: true },
  { table: 'notes', where: byUser, exported: true },
  { table: 'checkout_sessions', where: byUser, exported: true, omit: ['card_brand', 'card_last4'] },
  {
    table: 'payments',
    where: byUser,
    exported: true,
    omit: ['card_brand', 'card_last4'],
    keptOnDeletion: true,
  },
  { table: 'pomodoro_settings', where: byUser, exported: true },
  { table: 'pomodoro_sessions', where: byUser, exported: true },
  { table: 'review_cards', where: byUser, exported: true },
  { table: 'review_logs', where: byUser, exported: true },
  { table: 'review_settings', where: byUser, exported: true },
  { table: 'sources', where: byUser, exported: true },
  { table: 'source_passages', where: byUser, exported: true, omit: ['tsv'] },
  { table: 'roadmap_shares', where: byUser, exported: true },
  // embedding vectors of the passages: derived, and gone with their passages
  { table: 'source_passage_embeddings', where: byUser, exported: false, optional: true },
  { table: 'data_exports', where: byUser, exported: false },
  { table: 'generation_jobs', where: byUser, exported: false },
  {
    table: 'generation_job_progress',
    where: (user) => sql`job_id in (select id from generation_jobs where user_id = ${user})`,
    exported: false,
  },
  { table: 'home_bodies', where: byUser, exported: false },
  {
    table: 'plan_bodies',
    where: (user) => sql`goal_id in (select id from goals where user_id = ${user})`,
    exported: false,
  },
];

/** Tables that hold nothing of any one learner, and why. */
export const NOT_LEARNER_TABLES: Readonly<Record<string, string>> = {
  periodic_task_runs: 'when each periodic task last ran',
  rate_limit_hits: 'counters by client IP, expiring within minutes',
  remote_load_counts: 'load counts by remote version',
  payment_events: "the provider's event ids already handled",
  // drizzle's own bookkeeping lives in its schema, but a server may list it in public too
  __drizzle_migrations: 'applied migrations',
};

/** Rows of a raw query, whichever driver answered (postgres-js: an array; PGlite: `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The learner's rows of one table, as the database gives them (snake_case columns), minus `omit`. */
export async function learnerRows(
  db: Db | Tx,
  entry: LearnerTable,
  user: string,
): Promise<Record<string, unknown>[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select * from ${sql.identifier(entry.table)} where ${entry.where(user)}`),
  );
  if (!entry.omit?.length) return rows;
  return rows.map((row) => {
    const copy = { ...row };
    for (const column of entry.omit ?? []) delete copy[column];
    return copy;
  });
}

/** How many rows of one table still hold the learner (for deletion and its tests). */
export async function countLearnerRows(db: Db | Tx, entry: LearnerTable, user: string): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*)::int as n from ${sql.identifier(entry.table)} where ${entry.where(user)}`,
    ),
  );
  return Number(row?.n ?? 0);
}

/** The public schema's tables, as the database lists them. */
export async function databaseTables(db: Db | Tx): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  return rows.map((r) => r.name);
}
