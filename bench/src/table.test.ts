import { describe, expect, it } from 'vitest';
import { budget, formatTable, misses, type Row, rateBudget } from './table.ts';

describe('budgets and invariants', () => {
  it('a rate budget holds the ratio to health and the p99, each only when given', () => {
    const figure = { reqPerSec: 500, p99Ms: 120 };
    expect(rateBudget(figure, 4000, { ratio: 0.1, p99Ms: 100 })).toEqual({
      ok: false,
      label: '≥ 0.1 × health, p99 ≤ 100 ms',
      budget: true,
    });
    expect(rateBudget(figure, 4000, { ratio: 0.1 }).ok).toBe(true);
    expect(rateBudget(figure, 6000, { ratio: 0.1 }).ok).toBe(false);
    expect(rateBudget(figure, 1, { p99Ms: 300 })).toEqual({ ok: true, label: 'p99 ≤ 300 ms', budget: true });
  });

  it('sorts missed checks into budgets and invariants; met ones and rows without a check are neither', () => {
    const rows: Row[] = [
      { area: 'a', metric: 'size', value: '130 KB', check: budget(false, '≤ 120 KB') },
      { area: 'a', metric: 'rate', value: '1', check: budget(true, '≥ 1') },
      { area: 'a', metric: 'errors', value: '2', check: { ok: false, label: '0' } },
      { area: 'a', metric: 'copies', value: '1', check: { ok: true, label: 'must be 1' } },
      { area: 'a', metric: 'plain', value: 'x' },
    ];
    const missed = misses(rows);
    expect(missed.budgets.map((r) => r.metric)).toEqual(['size']);
    expect(missed.invariants.map((r) => r.metric)).toEqual(['errors']);
    expect(formatTable(rows)).toContain('FAIL ≤ 120 KB (budget)');
    expect(formatTable(rows)).toContain('FAIL 0 ');
  });
});
