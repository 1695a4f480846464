// How much output a run sends to the page: a loop printing millions of lines must not freeze the page that
// shows it. What is over is counted, and said so, in learner words.
import type { ResultTable } from './protocol.ts';

export const MAX_OUTPUT_CHARS = 100_000;
export const MAX_VALUE_CHARS = 10_000;
export const MAX_TABLE_ROWS = 1000;

/** Collects a stream's text up to MAX_OUTPUT_CHARS; the rest is counted. */
export class OutputBuffer {
  private parts: string[] = [];
  private size = 0;
  private dropped = 0;

  write(text: string): void {
    const room = MAX_OUTPUT_CHARS - this.size;
    if (room <= 0) {
      this.dropped += text.length;
      return;
    }
    const kept = text.length > room ? text.slice(0, room) : text;
    this.parts.push(kept);
    this.size += kept.length;
    this.dropped += text.length - kept.length;
  }

  text(): string {
    const all = this.parts.join('');
    return this.dropped ? `${all}\n… ${this.dropped.toLocaleString('en')} more characters not shown\n` : all;
  }
}

/** A value's display cut to MAX_VALUE_CHARS. */
export function capValue(text: string | null): string | null {
  if (text === null || text.length <= MAX_VALUE_CHARS) return text;
  return `${text.slice(0, MAX_VALUE_CHARS)} … (${(text.length - MAX_VALUE_CHARS).toLocaleString('en')} more characters)`;
}

/** A table cut to MAX_TABLE_ROWS rows, with the note that says how many there were. */
export function capTable(table: ResultTable): { table: ResultTable; note: string | null } {
  if (table.rows.length <= MAX_TABLE_ROWS) return { table, note: null };
  return {
    table: { columns: table.columns, rows: table.rows.slice(0, MAX_TABLE_ROWS) },
    note: `Showing the first ${MAX_TABLE_ROWS.toLocaleString('en')} of ${table.rows.length.toLocaleString('en')} rows\n`,
  };
}
