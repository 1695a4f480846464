import { describe, expect, it } from 'vitest';
import {
  capTable,
  capValue,
  MAX_OUTPUT_CHARS,
  MAX_TABLE_ROWS,
  MAX_VALUE_CHARS,
  OutputBuffer,
} from './output-limits.ts';

describe('output limits', () => {
  it('keeps a stream up to the limit and says how much more there was', () => {
    const out = new OutputBuffer();
    out.write('x'.repeat(MAX_OUTPUT_CHARS - 1));
    out.write('yz');
    out.write('more');
    expect(out.text()).toBe(`${'x'.repeat(MAX_OUTPUT_CHARS - 1)}y\n… 5 more characters not shown\n`);
    const small = new OutputBuffer();
    small.write('hi\n');
    expect(small.text()).toBe('hi\n');
  });

  it('cuts a long value and a long table', () => {
    expect(capValue('short')).toBe('short');
    expect(capValue(null)).toBeNull();
    expect(capValue('v'.repeat(MAX_VALUE_CHARS + 3))).toBe(
      `${'v'.repeat(MAX_VALUE_CHARS)} … (3 more characters)`,
    );
    const rows = Array.from({ length: MAX_TABLE_ROWS + 500 }, (_, i) => [i]);
    const { table, note } = capTable({ columns: ['n'], rows });
    expect(table.rows).toHaveLength(MAX_TABLE_ROWS);
    expect(note).toBe('Showing the first 1,000 of 1,500 rows\n');
    expect(capTable({ columns: ['n'], rows: [[1]] }).note).toBeNull();
  });
});
