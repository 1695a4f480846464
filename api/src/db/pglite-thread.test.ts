// PGlite on its own thread answers as PGlite in the process did: values both ways, PostgreSQL's errors with
// the statement on them, transactions that others wait for, batches sent before the last one's answer, a
// snapshot and a data directory that outlive the thread, and a process that neither hangs on an idle
// database nor ends while a statement is out.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNamed } from './named-statements.ts';
import { PgliteThread } from './pglite-thread.ts';

let db: PgliteThread;
beforeAll(async () => {
  db = await PgliteThread.create();
  await db.exec(`create table item (id int primary key, tags text[], meta jsonb, at timestamptz);
    create table counter (n int)`);
});
afterAll(() => db.close());

describe('PGlite on a thread of its own', () => {
  it('reads and writes values as PGlite does: arrays, JSON, timestamps, nulls', async () => {
    const at = new Date('2026-03-10T21:30:00Z');
    await db.query('insert into item values ($1, $2, $3, $4)', [1, ['a', 'b,c'], { k: [1, 2] }, at]);
    await db.query('insert into item values ($1, $2, $3, $4)', [2, null, null, null]);
    const { rows, fields } = await db.query<{ id: number; tags: string[]; meta: unknown; at: Date }>(
      'select * from item order by id',
    );
    expect(rows).toEqual([
      { id: 1, tags: ['a', 'b,c'], meta: { k: [1, 2] }, at },
      { id: 2, tags: null, meta: null, at: null },
    ]);
    expect(fields.map((f) => f.name)).toEqual(['id', 'tags', 'meta', 'at']);
    const array = await db.query<[number]>('select count(*)::int from item', [], { rowMode: 'array' });
    expect(array.rows).toEqual([[2]]);
  });

  it("throws PostgreSQL's error with the statement on it, and the next statement runs", async () => {
    const error = await db.query('insert into item (id) values ($1)', [1]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(protocol.messages.DatabaseError);
    expect(error).toMatchObject({ code: '23505', query: 'insert into item (id) values ($1)', params: [1] });
    await expect(db.exec('select from nowhere')).rejects.toMatchObject({ code: '42P01' });
    expect((await db.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('commits a transaction, rolls back one that throws, and says when COMMIT rolled back', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into counter values ($1)', [1]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into counter values ($1)', [2]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into counter values ($1)', [3]);
        await tx.exec('select from nowhere').catch(() => {});
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect((await db.query('select n from counter')).rows).toEqual([{ n: 1 }]);
  });

  it('keeps statements from outside a transaction until it ends', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into counter values ($1)', [10]);
      await held;
      throw new Error('rolled back');
    });
    // sent while the transaction is open: it must not see the row the transaction wrote
    const outside = runNamed(db, 'counter_10', 'select count(*)::int as n from counter where n = $1', [10]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it('answers batches sent before the last answer came, each its own, in order', async () => {
    await db.exec('delete from counter');
    const text = 'insert into counter values ($1) returning n';
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => runNamed(db, 'counter_in', text, [i], { rowMode: 'object' })),
    );
    expect(answers.map((a) => a.rows[0])).toEqual(Array.from({ length: 200 }, (_, n) => ({ n })));
    // one failing in the middle fails alone
    const mixed = await Promise.allSettled([
      runNamed(db, 'item_in', 'insert into item (id) values ($1)', [3]),
      runNamed(db, 'item_in', 'insert into item (id) values ($1)', [3]),
      runNamed(db, 'item_in', 'insert into item (id) values ($1)', [4]),
    ]);
    expect(mixed.map((m) => m.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('dumps a snapshot that a new thread starts from', async () => {
    const snapshot = await db.dumpDataDir('none');
    const copy = await PgliteThread.create({ loadDataDir: snapshot });
    try {
      expect((await copy.query('select count(*)::int as n from item')).rows).toEqual([{ n: 4 }]);
    } finally {
      await copy.close();
    }
  });

  it('keeps its data directory across a close', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'mindpath-pglite-thread-'));
    try {
      const first = await PgliteThread.create({ dataDir });
      await first.exec("create table kept (v text); insert into kept values ('still here')");
      await first.close();
      await expect(first.query('select 1')).rejects.toThrow('the database thread exited');
      const second = await PgliteThread.create({ dataDir });
      expect((await second.query('select v from kept')).rows).toEqual([{ v: 'still here' }]);
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('lets a process end when idle, and not while a statement is out', async () => {
    // a script that never closes its database: it must print its answer, then end by itself
    const dir = await mkdtemp(join(tmpdir(), 'mindpath-pglite-thread-'));
    const script = join(dir, 'never-closes.mjs');
    await writeFile(
      script,
      `import { PgliteThread } from ${JSON.stringify(new URL('./pglite-thread.ts', import.meta.url).href)};
      const db = await PgliteThread.create();
      const { rows } = await db.query('select pg_sleep(0.2), 42 as n');
      console.log(rows[0].n);`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, [script], { timeout: 60_000 }).finally(
      () => rm(dir, { recursive: true, force: true }),
    );
    expect(stdout.trim()).toBe('42');
  });
});
