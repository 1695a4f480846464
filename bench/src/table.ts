/**
 * Whether a run met a row's target. An invariant (0 errors, one React) fails the run whenever it is missed;
 * a budget (a size, a rate, a latency) fails it only under --enforce-budgets, since a busy machine misses
 * them without a defect.
 */
export interface Check {
  ok: boolean;
  label: string;
  budget?: boolean;
}

/** One line of the bench table, with its check when it has a target. */
export interface Row {
  area: string;
  metric: string;
  value: string;
  check?: Check;
  note?: string;
}

/** A budget's check: `label` says the target ('≤ 120 KB'). */
export const budget = (ok: boolean, label: string): Check => ({ ok, label, budget: true });

/** The rows whose budget, and whose invariant, this run missed. */
export function misses(rows: Row[]): { budgets: Row[]; invariants: Row[] } {
  return {
    budgets: rows.filter((r) => r.check?.budget && !r.check.ok),
    invariants: rows.filter((r) => r.check && !r.check.budget && !r.check.ok),
  };
}

/** A budget on a rate next to /api/health's in the same run, and/or on its p99. */
export function rateBudget(
  figure: { reqPerSec: number; p99Ms: number },
  healthReqPerSec: number,
  goal: { ratio?: number; p99Ms?: number },
): Check {
  const parts: string[] = [];
  let ok = true;
  if (goal.ratio !== undefined) {
    ok &&= figure.reqPerSec >= goal.ratio * healthReqPerSec;
    parts.push(`≥ ${goal.ratio} × health`);
  }
  if (goal.p99Ms !== undefined) {
    ok &&= figure.p99Ms <= goal.p99Ms;
    parts.push(`p99 ≤ ${goal.p99Ms} ms`);
  }
  return budget(ok, parts.join(', '));
}

const CELLS = ['area', 'metric', 'value', 'check', 'note'] as const;

function cells(r: Row): string[] {
  const check = r.check
    ? `${r.check.ok ? 'PASS' : 'FAIL'} ${r.check.label}${r.check.budget ? ' (budget)' : ''}`
    : '';
  return [r.area, r.metric, r.value, check, r.note ?? ''];
}

/** A Markdown table, columns padded so it also reads as plain text. */
export function formatTable(rows: Row[]): string {
  const body = rows.map(cells);
  const widths = CELLS.map((h, i) => Math.max(h.length, ...body.map((c) => c[i]!.length)));
  const line = (c: readonly string[]) =>
    `| ${c.map((s, i) => (i === 2 ? s.padStart(widths[i]!) : s.padEnd(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(CELLS), rule, ...body.map(line)].join('\n');
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (n: number) => `${Math.round(n)} ms`;

/** The middle sample (the mean of the two middle ones for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
