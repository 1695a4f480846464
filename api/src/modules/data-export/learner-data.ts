// Reads every exported table's rows of one learner, as plain JSON values: timestamps as ISO 8601 text (the
// two drivers answer them as Date or as text), 64-bit integers as numbers, JSON columns as JSON.
import type { Db } from '../../db/client.ts';
import { databaseTables, learnerRows } from '../account/learner-tables.ts';
import { EXPORTED_TABLES } from './data-schema.ts';

export type Row = Record<string, unknown>;
export type LearnerData = Record<string, Row[]>;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}(:?\d{2})?)$/;

function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && TIMESTAMP.test(value)) {
    // PostgreSQL's text: '2026-01-02 03:04:05.678+00' (an offset of hours alone, which Date does not read)
    const at = new Date(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
    return Number.isNaN(at.getTime()) ? value : at.toISOString();
  }
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}

const plainRow = (row: Row): Row => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)]));

/** Every exported table's rows of the learner; `onTable` hears each table done (for progress). */
export async function readLearnerData(
  db: Db,
  userId: string,
  onTable: (done: number, total: number) => void = () => {},
): Promise<LearnerData> {
  const present = new Set(await databaseTables(db));
  const data: LearnerData = {};
  let done = 0;
  for (const entry of EXPORTED_TABLES) {
    // a table that needs an extension this database lacks holds nothing of anyone
    data[entry.table] =
      entry.optional && !present.has(entry.table) ? [] : (await learnerRows(db, entry, userId)).map(plainRow);
    done += 1;
    onTable(done, EXPORTED_TABLES.length);
  }
  return data;
}
