// Statements run by name (src/db/named-statements.ts) on this run's database: rows as the driver gives them,
// errors as the driver raises them with the connection still usable, and never inside another caller's
// open transaction.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../src/db/errors.ts';
import { namedStatement, statementName, tableRow } from '../src/db/named-statements.ts';
import { preparedOn } from '../src/db/prepared.ts';
import { reviewSettings, users } from '../src/db/schema.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp({ WORKER: 'off' });
  const { headers } = await registerLearner(t.app);
  userId = (await t.api('GET', '/user', headers)).json().id;
});
afterAll(() => t.close());

const userById = namedStatement<Record<string, unknown>>(
  'test_user_by_id',
  'select * from users where id = $1',
);
const settingsCount = namedStatement<{ n: number }>(
  'test_settings_count',
  'select count(*)::int as n from review_settings where user_id = $1',
);
const addSettings = namedStatement<{ user_id: string }>(
  'test_add_settings',
  `insert into review_settings (user_id, request_retention, new_per_day, reviews_per_day)
   values ($1, $2, $3, $4) returning user_id`,
);
const genericCount = namedStatement<{ n: number }>(
  'test_generic_count',
  'select count(*)::int as n from review_settings where user_id = $1',
  { genericPlan: true },
);
const echo = namedStatement<{ at: string | null; n: number | null }>(
  'test_echo',
  'select $1::timestamptz as at, $2::int as n',
);

describe('a named statement', () => {
  it('answers the rows drizzle reads, mapped by tableRow, and again on its next call', async () => {
    const [expected] = await t.database.db.select().from(users).where(eq(users.id, userId));
    for (let i = 0; i < 3; i++) {
      const [row] = await userById(t.database.db, [userId]);
      expect(tableRow(users, row!)).toEqual(expected);
    }
  });

  it('binds nulls, and reads timestamps as text', async () => {
    expect(await echo(t.database.db, [null, null])).toEqual([{ at: null, n: null }]);
    const [row] = await echo(t.database.db, ['2026-03-10T21:30:00.000Z', 7]);
    expect(new Date(row!.at!).toISOString()).toBe('2026-03-10T21:30:00.000Z');
    expect(row!.n).toBe(7);
  });

  it("raises the database's error and leaves the connection usable", async () => {
    const db = t.database.db;
    expect(await addSettings(db, [userId, 0.9, 20, 200])).toEqual([{ user_id: userId }]);
    const err = await addSettings(db, [userId, 0.9, 20, 200]).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(await settingsCount(db, [userId])).toEqual([{ n: 1 }]);
    await db.delete(reviewSettings).where(eq(reviewSettings.userId, userId));
  });

  it("never runs inside another caller's transaction: what that transaction rolls back it does not see", async () => {
    const db = t.database.db;
    let read: Promise<{ n: number }[]> | undefined;
    const rolledBack = await db
      .transaction(async (tx) => {
        await tx.insert(reviewSettings).values({
          userId,
          requestRetention: 0.9,
          newPerDay: 20,
          reviewsPerDay: 200,
        });
        read = settingsCount(db, [userId]);
        // time for the read to run, were it to run now
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    expect(rolledBack).toBe('roll back');
    expect(await read).toEqual([{ n: 0 }]);
  });

  it('runs inside its own transaction: it sees what the transaction wrote, and goes back with it', async () => {
    const db = t.database.db;
    const seen: { n: number }[][] = [];
    const rolledBack = await db
      .transaction(async (tx) => {
        seen.push(await settingsCount(tx, [userId]));
        expect(await addSettings(tx, [userId, 0.9, 20, 200])).toEqual([{ user_id: userId }]);
        seen.push(await settingsCount(tx, [userId]));
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);
    expect(rolledBack).toBe('roll back');
    expect(seen).toEqual([[{ n: 0 }], [{ n: 1 }]]);
    expect(await settingsCount(db, [userId])).toEqual([{ n: 0 }]);
  });

  it('with a generic plan: planned once, for this transaction only', async () => {
    const db = t.database.db;
    const mode = async (on: typeof db | Parameters<Parameters<typeof db.transaction>[0]>[0]) =>
      rowsOf<{ plan_cache_mode: string }>(await on.execute(sql`show plan_cache_mode`))[0]?.plan_cache_mode;
    for (let i = 0; i < 3; i++) {
      const inside = await db.transaction(async (tx) => {
        expect(await genericCount(tx, [userId])).toEqual([{ n: 0 }]);
        return mode(tx);
      });
      // PGlite sends SET LOCAL with the statement; postgres-js plans it as PostgreSQL chooses
      expect(inside).toBe(t.database.kind === 'pglite' ? 'force_generic_plan' : 'auto');
    }
    expect(await mode(db)).toBe('auto');
    if (t.database.kind === 'pglite') {
      const [row] = rowsOf<{ generic_plans: number; custom_plans: number }>(
        await db.execute(
          sql`select generic_plans::int, custom_plans::int from pg_prepared_statements where name = 'test_generic_count'`,
        ),
      );
      expect(row).toEqual({ generic_plans: 3, custom_plans: 0 });
    }
  });
});

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;

/** a drizzle prepared query kept by preparedOn, as the hot reads are */
const usernameOf = preparedOn((db) =>
  db
    .select({ username: users.username, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('test_username_of'),
);

describe('a drizzle prepared query kept by preparedOn', () => {
  it('answers what drizzle answers, run by name on the database (PGlite; postgres-js names it itself)', async () => {
    const db = t.database.db;
    const [expected] = await db
      .select({ username: users.username, createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, userId));
    for (let i = 0; i < 3; i++) expect(await usernameOf(db).execute({ id: userId })).toEqual([expected]);
    expect(await usernameOf(db).execute({ id: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
    if (t.database.kind === 'pglite') {
      const { sql: text } = usernameOf(db).getQuery();
      const prepared = await db.execute(
        sql`select name from pg_prepared_statements where statement = ${text}`,
      );
      expect((prepared as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    }
  });
});

describe('the name a drizzle query runs by on PGlite (statementName)', () => {
  it('one per text with parameters, the same on every call; none without parameters or for a full-text match', () => {
    const client = {};
    const byId = 'select * from users where id = $1';
    const first = statementName(client, byId, ['a']);
    expect(first).toMatch(/^q\d+$/);
    expect(statementName(client, byId, ['b'])).toBe(first);
    expect(statementName(client, 'select * from goals where id = $1', ['a'])).not.toBe(first);
    expect(statementName(client, 'select 1', [])).toBeUndefined();
    // planned for its words on every call: a common word and a rare one want different plans
    expect(
      statementName(
        client,
        "select id from source_passages where tsv @@ websearch_to_tsquery('english'::regconfig, $1)",
        ['x'],
      ),
    ).toBeUndefined();
  });
});
