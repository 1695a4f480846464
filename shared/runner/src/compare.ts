// The SQL check: the learner's last result set against the exercise's expected one.
import { formatRow } from './format.ts';
import type { Cell, ResultTable } from './protocol.ts';

export interface Comparison {
  equal: boolean;
  /** what differs, in learner words; null when equal */
  message: string | null;
}

/** A number, or a string that is exactly a number ("25.00" from a NUMERIC column), as a number; else null. */
function numeric(cell: Cell): number | null {
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'string' && /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?\s*$/i.test(cell))
    return Number(cell);
  return null;
}

/** Equal cells: NULL equals NULL; numbers by value (25 = '25.00'); booleans and text as they are. */
export function cellsEqual(a: Cell, b: Cell): boolean {
  if (a === null || b === null) return a === b;
  const x = numeric(a);
  const y = numeric(b);
  if (x !== null && y !== null) return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const bool = (c: Cell) =>
      typeof c === 'boolean' ? c : c === 't' || c === 'true' ? true : c === 'f' || c === 'false' ? false : c;
    return bool(a) === bool(b);
  }
  return String(a) === String(b);
}

const rowsEqual = (a: readonly Cell[], b: readonly Cell[]) =>
  a.length === b.length && a.every((cell, i) => cellsEqual(cell, b[i] ?? null));

/** A key that sorts rows the same whichever way their numbers were written. */
const rowKey = (row: readonly Cell[]) =>
  JSON.stringify(
    row.map((c) => {
      const n = numeric(c);
      return n !== null ? ['n', n] : c === null ? ['z'] : typeof c === 'boolean' ? ['b', c] : ['s', c];
    }),
  );

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Whether `actual` is the `expected` result: the same columns (names compared case-insensitively, in order)
 * and the same rows, in order when `ordered`, else as a multiset (duplicates count).
 */
export function compareTables(actual: ResultTable, expected: ResultTable, ordered: boolean): Comparison {
  const got = actual.columns.map((c) => c.toLowerCase());
  const want = expected.columns.map((c) => c.toLowerCase());
  if (got.length !== want.length) {
    return {
      equal: false,
      message: `Expected ${plural(want.length, 'column')} (${expected.columns.join(', ')}), got ${got.length} (${actual.columns.join(', ')})`,
    };
  }
  const wrongColumn = want.findIndex((c, i) => c !== got[i]);
  if (wrongColumn >= 0) {
    return {
      equal: false,
      message: `Column ${wrongColumn + 1}: expected ${expected.columns[wrongColumn]}, got ${actual.columns[wrongColumn]}`,
    };
  }
  if (actual.rows.length !== expected.rows.length) {
    return {
      equal: false,
      message: `Expected ${plural(expected.rows.length, 'row')}, got ${actual.rows.length}`,
    };
  }
  if (ordered) {
    const i = expected.rows.findIndex((row, k) => !rowsEqual(actual.rows[k] ?? [], row));
    if (i < 0) return { equal: true, message: null };
    const inAnotherPlace = actual.rows.some((row) => rowsEqual(row, expected.rows[i] ?? []));
    return {
      equal: false,
      message:
        `Row ${i + 1}: expected ${formatRow(expected.rows[i] ?? [])}, got ${formatRow(actual.rows[i] ?? [])}` +
        (inAnotherPlace ? ' (the rows are right but their order is not)' : ''),
    };
  }
  // multiset: sort both the same way, then each expected row must meet an equal one
  const sortRows = (rows: readonly (readonly Cell[])[]) =>
    rows
      .map((row) => ({ row, key: rowKey(row) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const a = sortRows(actual.rows);
  const e = sortRows(expected.rows);
  const unmatched = [...a];
  const missing: (readonly Cell[])[] = [];
  for (const { row } of e) {
    const at = unmatched.findIndex((u) => rowsEqual(u.row, row));
    if (at < 0) missing.push(row);
    else unmatched.splice(at, 1);
  }
  const first = missing[0];
  if (first) {
    const extra = unmatched[0];
    return {
      equal: false,
      message: `Missing row ${formatRow(first)}${extra ? `; got ${formatRow(extra.row)} instead` : ''}`,
    };
  }
  return { equal: true, message: null };
}
