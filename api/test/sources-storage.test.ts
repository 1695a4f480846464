// What a learner's material takes, as Settings shows it (PGlite, and PostgreSQL with DATABASE_URL): the
// extracted text of every source counts, by goal, with the size as added beside it; only the learner's own.
import { SourceStorageSchema } from '@mindpath/contracts/sources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTierByEmail } from '../src/modules/subscriptions/service.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { newGoal, pasteSource } from './helpers/sources.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const storage = async (headers: Record<string, string>) => {
  const res = await t.api('GET', '/sources/storage', headers);
  expect(res.statusCode, res.body).toBe(200);
  return SourceStorageSchema.parse(res.json());
};

describe('GET /sources/storage', () => {
  it("counts each goal's sources and their text in UTF-8 bytes, and nothing of another learner's", async () => {
    const l = await registerLearner(t.app);
    const other = await registerLearner(t.app);
    await setTierByEmail(t.app.db, l.email, 'pro'); // two goals in progress
    expect(await storage(l.headers)).toEqual({ sources: 0, textBytes: 0, originalBytes: 0, goals: [] });

    const first = await newGoal(t, l.headers, 'Beginner: Learn databases');
    const second = await newGoal(t, l.headers, 'Beginner: Learn Rust');
    const a = await pasteSource(
      t,
      l.headers,
      first,
      'Indexes',
      'A B-tree index keeps keys sorted. Ünïcode counts twice.',
    );
    const b = await pasteSource(
      t,
      l.headers,
      first,
      'Joins',
      'A hash join builds a table from the smaller input.',
    );
    const c = await pasteSource(t, l.headers, second, 'Ownership', 'Each value has one owner.');
    await pasteSource(t, other.headers, await newGoal(t, other.headers), 'Theirs', 'Not yours to count.');
    expect([a.state, b.state, c.state]).toEqual(['ready', 'ready', 'ready']);

    const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
    const got = await storage(l.headers);
    expect(got.sources).toBe(3);
    expect(got.goals.map((g) => [g.goalId, g.goal, g.sources])).toEqual([
      [first, 'Beginner: Learn databases', 2],
      [second, 'Beginner: Learn Rust', 1],
    ]);
    // the text read from a pasted text is the text itself; multi-byte letters count as their bytes
    expect(got.goals[1]?.textBytes).toBe(bytes('Each value has one owner.'));
    expect(got.goals[0]?.textBytes).toBeGreaterThan(
      bytes('A B-tree index keeps keys sorted. Ünïcode counts twice.') - 1,
    );
    expect(got.textBytes).toBe(got.goals[0]!.textBytes + got.goals[1]!.textBytes);
    expect(got.originalBytes).toBe(a.bytes + b.bytes + c.bytes);

    // a removed source stops counting; a deleted goal takes its sources with it
    expect((await t.api('DELETE', `/sources/${b.id}`, l.headers)).statusCode).toBe(204);
    expect((await t.api('DELETE', `/goals/${second}`, l.headers)).statusCode).toBeLessThan(300);
    const after = await storage(l.headers);
    expect(after.sources).toBe(1);
    expect(after.goals.map((g) => g.goalId)).toEqual([first]);
  });

  it('asks for a login', async () => {
    expect((await t.api('GET', '/sources/storage', {})).statusCode).toBe(401);
  });
});
