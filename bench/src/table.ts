/** One line of the bench table. `check` is a budget or an invariant and whether this run met it. */
export interface Row {
  area: string;
  metric: string;
  value: string;
  check?: { ok: boolean; label: string };
  note?: string;
}

const CELLS = ['area', 'metric', 'value', 'check', 'note'] as const;

function cells(r: Row): string[] {
  const check = r.check ? `${r.check.ok ? 'PASS' : 'FAIL'} ${r.check.label}` : '';
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
