import { describe, expect, it } from 'vitest';
import { cellsEqual, compareTables } from './compare.ts';

const t = (columns: string[], rows: (string | number | boolean | null)[][]) => ({ columns, rows });

describe('compareTables', () => {
  it('compares as a multiset unless ordered', () => {
    const want = t(['name'], [['Ada'], ['Bo']]);
    const got = t(['name'], [['Bo'], ['Ada']]);
    expect(compareTables(got, want, false)).toEqual({ equal: true, message: null });
    const ordered = compareTables(got, want, true);
    expect(ordered.equal).toBe(false);
    expect(ordered.message).toBe(
      "Row 1: expected ('Ada'), got ('Bo') (the rows are right but their order is not)",
    );
  });

  it('counts duplicates', () => {
    const want = t(['x'], [[1], [1], [2]]);
    expect(compareTables(t(['x'], [[1], [2], [2]]), want, false)).toEqual({
      equal: false,
      message: 'Missing row (1); got (2) instead',
    });
    expect(compareTables(t(['x'], [[2], [1], [1]]), want, false).equal).toBe(true);
  });

  it('treats NULL as equal to NULL only', () => {
    expect(compareTables(t(['a'], [[null]]), t(['a'], [[null]]), true).equal).toBe(true);
    expect(compareTables(t(['a'], [['']]), t(['a'], [[null]]), true).message).toBe(
      "Row 1: expected (NULL), got ('')",
    );
  });

  it('compares numbers by value, whatever their type', () => {
    expect(
      compareTables(t(['total'], [['25.00'], [10.5]]), t(['total'], [[25], ['10.50']]), true).equal,
    ).toBe(true);
    expect(cellsEqual('25.00', 25)).toBe(true);
    expect(cellsEqual('25.01', 25)).toBe(false);
    expect(cellsEqual('abc', 'ABC')).toBe(false);
    expect(cellsEqual(true, 't')).toBe(true);
    expect(cellsEqual(0, null)).toBe(false);
  });

  it('compares column names case-insensitively and says what differs', () => {
    expect(compareTables(t(['Name'], [['Ada']]), t(['name'], [['Ada']]), false).equal).toBe(true);
    expect(compareTables(t(['city'], [['Ada']]), t(['name'], [['Ada']]), false).message).toBe(
      'Column 1: expected name, got city',
    );
    expect(compareTables(t(['a', 'b'], []), t(['a'], []), false).message).toBe(
      'Expected 1 column (a), got 2 (a, b)',
    );
    expect(compareTables(t(['a'], [[1], [2]]), t(['a'], [[1], [2], [3]]), false).message).toBe(
      'Expected 3 rows, got 2',
    );
  });
});
