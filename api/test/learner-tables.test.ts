// Every table of the schema is either a learner's (the export reads it, deletion empties it of the learner) or
// named as holding nothing of one: a table added later fails here until it is placed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTables, LEARNER_TABLES, NOT_LEARNER_TABLES } from '../src/modules/account/learner-tables.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

describe('learner tables', () => {
  it('places every table of the database', async () => {
    const placed = new Set([...LEARNER_TABLES.map((t) => t.table), ...Object.keys(NOT_LEARNER_TABLES)]);
    const unplaced = (await databaseTables(database.db)).filter((name) => !placed.has(name));
    expect(unplaced).toEqual([]);
  });

  it('names each learner table once, and only tables that exist (or may, with their extension)', async () => {
    const names = LEARNER_TABLES.map((t) => t.table);
    expect(new Set(names).size).toBe(names.length);
    const tables = new Set(await databaseTables(database.db));
    const required = LEARNER_TABLES.filter((t) => !t.optional).map((t) => t.table);
    expect(required.filter((name) => !tables.has(name))).toEqual([]);
  });
});
