// Deleting an account through DELETE /api/account: every row of the learner goes (the schema's list of learner
// tables, so a new table cannot be forgotten) but the payments the law requires, which stay without the
// learner and the card; every media file goes; every token answers 401 at once; a running subscription is
// cancelled at the provider (sandbox and Stripe); and the job is idempotent, also when re-run after a crash.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, payments, roadmapShares } from '../src/db/schema.ts';
import { ACCOUNT_DELETION_JOB, enqueueDeletion } from '../src/modules/account/deletion.ts';
import { countLearnerRows, databaseTables, LEARNER_TABLES } from '../src/modules/account/learner-tables.ts';
import { findAccount, markDeletionRequested } from '../src/modules/account/repository.ts';
import type { JobRow } from '../src/modules/jobs/repository.ts';
import { findUserByEmail } from '../src/modules/users/index.ts';
import { createTestApp, registerLearner, STRONG_PASSWORD, type TestApp } from './helpers/app.ts';
import { type LearnerWorld, learnerWorld } from './helpers/learner-world.ts';

let t: TestApp;
let a: LearnerWorld;
let b: LearnerWorld;

beforeAll(async () => {
  t = await createTestApp();
  a = await learnerWorld(t.app, 'a');
  b = await learnerWorld(t.app, 'b');
}, 180_000);
afterAll(() => t.close());

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', name: 'Ada Lovelace' };

/** A learner who paid for Pro on the sandbox's checkout page (a payment with the card's brand and last four). */
async function sandboxProLearner() {
  const learner = await registerLearner(t.app);
  const session = (await t.api('POST', '/subscriptions/create-checkout-session', learner.headers)).json();
  const paid = await t.app.inject({
    method: 'POST',
    url: session.url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(GOOD_CARD).toString(),
  });
  expect(paid.statusCode, paid.body).toBe(303);
  const user = await findUserByEmail(t.database.db, learner.email);
  return { ...learner, id: user!.id };
}

const deleteAccount = (headers: Record<string, string>, password = STRONG_PASSWORD) =>
  t.api('DELETE', '/account', headers, { password });

async function until<T>(fn: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const gone = (userId: string) => until(async () => !(await findAccount(t.database.db, userId)));

/** The learner tables this database has (pgvector's only where the extension is). */
async function presentTables() {
  const tables = new Set(await databaseTables(t.database.db));
  return LEARNER_TABLES.filter((entry) => tables.has(entry.table));
}

async function rowCounts(userId: string) {
  const counts: Record<string, number> = {};
  for (const entry of await presentTables())
    counts[entry.table] = await countLearnerRows(t.database.db, entry, userId);
  return counts;
}

describe('DELETE /api/account', () => {
  it('refuses a wrong password with a clear message and changes nothing', async () => {
    const res = await deleteAccount(a.headers, 'not-my-password');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'That password is not right. Your account has not been deleted.',
    });
    const missing = await t.api('DELETE', '/account', a.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('password');
    expect((await t.api('GET', '/user', a.headers, undefined)).statusCode).toBe(200);
  });

  it('deletes every row of the learner and every media file, ends every token, and leaves others as they were', async () => {
    const userId = a.ids.user;
    const db = t.database.db;
    // what the world has not made through the API: a finished download of their data and a shared roadmap
    const exportId = randomUUID();
    await db.insert(dataExports).values({
      id: exportId,
      userId,
      status: 'ready',
      progress: 100,
      fileName: `exports/${exportId}.zip`,
      size: 3,
    });
    await t.app.media.save(`exports/${exportId}.zip`, Buffer.from('zip'));
    await db.insert(roadmapShares).values({ slug: `s-${exportId}`, userId, goalId: a.ids.goal });
    const source = await t.api('GET', `/sources/${a.ids.source}`, a.headers, undefined);
    const sourceFiles = (await t.app.media.list('sources')).filter((f) => f.startsWith(`${a.ids.source}-`));
    const names = [...a.mediaNames, `exports/${exportId}.zip`];
    for (const name of names) expect(await t.app.media.stat(name), name).not.toBeNull();
    expect(source.statusCode).toBe(200);
    expect(sourceFiles.length).toBe(1);
    const before = await rowCounts(userId);
    expect(Object.values(before).filter((n) => n > 0).length).toBeGreaterThan(20);
    const otherBefore = await rowCounts(b.ids.user);

    const res = await deleteAccount(a.headers);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      message: 'Your account has been deleted.',
      requestedAt: expect.any(String),
    });

    // at once, before the job has run: every route answers 401 to the learner's token
    for (const [method, url] of [
      ['GET', '/user'],
      ['GET', '/goals'],
      ['GET', `/learningplans/goal/${a.ids.goal}`],
      ['GET', '/reviews/queue'],
      ['GET', '/dashboard'],
      ['GET', `/lessons/${a.ids.lesson}`],
      ['GET', '/notes'],
      ['DELETE', '/account'],
    ] as const) {
      const r = await t.api(
        method,
        url,
        a.headers,
        method === 'DELETE' ? { password: STRONG_PASSWORD } : undefined,
      );
      expect(r.statusCode, `${method} ${url}`).toBe(401);
    }
    const login = await t.api('POST', '/auth/login', {}, { email: a.email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(login.json().code).toBe('INVALID_CREDENTIALS');

    await gone(userId);
    const after = await rowCounts(userId);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    for (const name of [...names, `sources/${sourceFiles[0]}`])
      expect(await t.app.media.stat(name), name).toBeNull();
    // still 401 once the row is gone
    expect((await t.api('GET', '/goals', a.headers, undefined)).statusCode).toBe(401);

    // the other learner keeps everything, their files too
    expect(await rowCounts(b.ids.user)).toEqual(otherBefore);
    for (const name of b.mediaNames) expect(await t.app.media.stat(name), name).not.toBeNull();
    expect((await t.api('GET', '/goals', b.headers, undefined)).statusCode).toBe(200);

    // the email is free again: a new account starts empty
    const again = await t.api(
      'POST',
      '/auth/register',
      {},
      { username: 'again', email: a.email, password: STRONG_PASSWORD },
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(
      (await t.api('GET', '/goals', { authorization: `Bearer ${again.json().token}` }, undefined)).json(),
    ).toEqual([]);
  }, 60_000);

  it('cancels a sandbox Pro at once and keeps its payment without the learner or the card', async () => {
    const pro = await sandboxProLearner();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.userId, pro.id));
    expect(payment).toMatchObject({ cardBrand: 'visa', cardLast4: '4242', status: 'paid' });
    expect((await deleteAccount(pro.headers)).statusCode).toBe(202);
    await gone(pro.id);
    const [kept] = await t.database.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(kept).toEqual({
      ...payment,
      userId: null,
      cardBrand: null,
      cardLast4: null,
    });
  });

  it('is idempotent: a job re-run after a crash finishes the deletion, and a run for a deleted account does nothing', async () => {
    const learner = await learnerWorld(t.app, 'c');
    const userId = learner.ids.user;
    const handler = t.app.jobs.handlers[ACCOUNT_DELETION_JOB]!;
    const job = { target: userId } as JobRow;
    const context = { signal: new AbortController().signal, progress: async () => {} };
    // not asked for: refused, nothing removed
    await expect(handler(job, context)).rejects.toThrow('not asked');
    for (const name of learner.mediaNames) expect(await t.app.media.stat(name)).not.toBeNull();
    // asked for; a first run "crashes" before the transaction that ends it: its files are gone, its rows not
    await markDeletionRequested(t.database.db, userId, new Date());
    const first = await handler(job, context);
    expect(first.result).toMatchObject({ deleted: true });
    for (const name of learner.mediaNames) expect(await t.app.media.stat(name)).toBeNull();
    expect(await findAccount(t.database.db, userId)).toBeDefined();
    expect((await t.api('GET', '/goals', learner.headers, undefined)).statusCode).toBe(401);
    // the job run again (the worker's restart re-queues it) finishes the deletion
    await enqueueDeletion(t.app, userId);
    t.app.jobs.wake();
    await gone(userId);
    expect(Object.entries(await rowCounts(userId)).filter(([, n]) => n > 0)).toEqual([]);
    // and once more for the deleted account: nothing to do
    expect(await handler(job, context)).toEqual({ result: { deleted: false } });
  }, 60_000);
});
