// How a result cell is shown to the learner (the output table, a comparison's message).
import type { Cell } from './protocol.ts';

/** NULL as SQL writes it, strings as they are, numbers and booleans as text. */
export function formatCell(cell: Cell): string {
  if (cell === null) return 'NULL';
  return String(cell);
}

/** "(1, 'Ada', NULL)": a row as the learner would write it. */
export function formatRow(row: readonly Cell[]): string {
  return `(${row.map((c) => (typeof c === 'string' ? `'${c}'` : formatCell(c))).join(', ')})`;
}
