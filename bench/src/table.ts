export type Row = [metric: string, value: string, note?: string];

export function printTable(title: string, rows: Row[]): void {
  const w0 = Math.max(6, ...rows.map((r) => r[0].length));
  const w1 = Math.max(5, ...rows.map((r) => r[1].length));
  console.log(`\n## ${title}\n`);
  console.log(`| ${'metric'.padEnd(w0)} | ${'value'.padStart(w1)} | note |`);
  console.log(`|${'-'.repeat(w0 + 2)}|${'-'.repeat(w1 + 2)}|------|`);
  for (const [m, v, n] of rows) console.log(`| ${m.padEnd(w0)} | ${v.padStart(w1)} | ${n ?? ''} |`);
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
