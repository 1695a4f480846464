// The output panel under an editor: what the run printed (stdout, stderr), the last expression's value, SQL
// result sets as tables, and errors and stops in learner words. The summary and the text are announced
// (aria-live polite); the tables are read where they are.
import { formatCell } from '@mindpath/runner/format';
import type { ResultTable, RunOutcome } from '@mindpath/runner/protocol';
import { useId } from 'react';
import { isSilent, rowsText, summarize } from '../utils/run-outcome.ts';
import styles from './practice.module.css';

export interface RunOutputProps {
  outcome: RunOutcome | null;
  /** running: the panel says so until the outcome comes */
  running: boolean;
  /** what the panel says while running ("Running…" by default) */
  busyText?: string;
  /** the first run also starts the runtime: say that it takes a few seconds */
  starting?: string | null;
  /** the runner could not be loaded */
  unavailable?: string | null;
  /** the panel's name, e.g. "Output of the example" */
  label?: string;
}

export function RunOutput({
  outcome,
  running,
  busyText = 'Running…',
  starting,
  unavailable,
  label = 'Output',
}: RunOutputProps) {
  const titleId = useId();
  const summary = outcome && !running ? summarize(outcome) : null;
  return (
    <section className={styles.output} aria-labelledby={titleId}>
      <p id={titleId} className={styles.outputTitle}>
        {label}
      </p>
      <div aria-live="polite" className={styles.outputLive}>
        {running ? (
          <p className={styles.outputStatus}>{starting ?? busyText}</p>
        ) : unavailable ? (
          <p className={`${styles.outputStatus} ${styles.toneError}`}>{unavailable}</p>
        ) : summary && outcome ? (
          <>
            <p className={`${styles.outputStatus} ${styles[`tone${capital(summary.tone)}`]}`}>
              {summary.title}
            </p>
            {summary.explanation ? <p className={styles.explanation}>{summary.explanation}</p> : null}
            {summary.detail ? (
              <pre className={`${styles.stream} ${styles.errorText}`}>{summary.detail}</pre>
            ) : null}
            {outcome.stdout ? <Stream title="Printed" text={outcome.stdout} /> : null}
            {outcome.stderr ? (
              <Stream title="Warnings and errors" text={outcome.stderr} tone="error" />
            ) : null}
            {outcome.value !== null ? (
              <div className={styles.streamBlock}>
                <p className={styles.streamTitle}>Value of the last line</p>
                <pre className={styles.stream}>{outcome.value}</pre>
              </div>
            ) : null}
            {outcome.status === 'ok' && isSilent(outcome) ? (
              <p className={styles.muted}>It ran without printing anything.</p>
            ) : null}
          </>
        ) : null}
      </div>
      {summary && outcome && !running
        ? outcome.tables.map((table, i) => (
            <ResultGrid
              // a run's tables come in statement order and are replaced as a whole
              // biome-ignore lint/suspicious/noArrayIndexKey: positions are the tables' identity
              key={i}
              table={table}
              caption={outcome.tables.length > 1 ? `Result ${i + 1}` : 'Result'}
            />
          ))
        : null}
    </section>
  );
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function Stream({ title, text, tone }: { title: string; text: string; tone?: 'error' }) {
  return (
    <div className={styles.streamBlock}>
      <p className={styles.streamTitle}>{title}</p>
      <pre className={`${styles.stream} ${tone === 'error' ? styles.errorText : ''}`}>{text}</pre>
    </div>
  );
}

/** A result set as a real table: column headers, a row per row, NULL written as SQL does. */
export function ResultGrid({ table, caption }: { table: ResultTable; caption: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways: keys must reach it
    <div className={styles.tableScroll} tabIndex={0}>
      <table className={styles.table}>
        <caption className={styles.caption}>
          {caption}: {rowsText(table.rows.length)}
        </caption>
        <thead>
          <tr>
            {table.columns.map((column, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two columns may share a name (a join)
              <th key={i} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
            <tr key={r}>
              {row.map((cell, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <td key={c} className={cell === null ? styles.nullCell : undefined}>
                  {formatCell(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
