// The client keeps drizzle's text parsers and drizzle's queries reach it without them: what drizzle reads,
// in and out of a transaction, is what it read with its own per-query parsers.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './client.ts';

let database: Awaited<ReturnType<typeof openPglite>>;
beforeAll(async () => {
  database = await openPglite();
});
afterAll(() => database.close());

const row = sql`select timestamptz '2026-03-10 21:30:00+00' as at, date '2026-03-10' as day,
  interval '90 minutes' as span, array[1.50, 2]::numeric[] as amounts,
  array[timestamptz '2026-03-10 21:30:00+00'] as ats`;

describe('PGlite with drizzle', () => {
  it("reads timestamps, dates, intervals and their arrays as PostgreSQL's text, in a transaction too", async () => {
    const expected = {
      at: '2026-03-10 21:30:00+00',
      day: '2026-03-10',
      span: '01:30:00',
      amounts: '{1.50,2}',
      ats: '{"2026-03-10 21:30:00+00"}',
    };
    // PGlite's drizzle answers { rows }
    const first = (result: unknown) => (result as { rows: unknown[] }).rows[0];
    expect(first(await database.db.execute(row))).toEqual(expected);
    expect(await database.db.transaction(async (tx) => first(await tx.execute(row)))).toEqual(expected);
  });

  it('still hands drizzle a client it can query raw and close', async () => {
    const { rows } = await database.client.query<{ n: number }>('select 40 + 2 as n');
    expect(rows[0]?.n).toBe(42);
  });
});
