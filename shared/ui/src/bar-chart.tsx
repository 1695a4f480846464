// A small column chart as plain SVG; the numbers are also a table for screen readers.

import styles from './charts.module.css';

export interface Bar {
  /** the column's short label under it ('Mon') */
  label: string;
  /** the row header of the table ('Monday 11 May') */
  name: string;
  value: number;
}

const W = 28;
const GAP = 10;
const H = 80;
const TOP = 14;
const BOTTOM = 16;

/** The column's height for `value` against the tallest, at least a sliver when not zero. */
export function barHeight(value: number, max: number, full: number): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.max(2, Math.round((value / max) * full));
}

export function BarChart({ title, bars, unit }: { title: string; bars: readonly Bar[]; unit: string }) {
  const max = Math.max(0, ...bars.map((b) => b.value));
  const width = bars.length * (W + GAP) - GAP;
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <svg
        className={`${styles.svg} ${styles.bars}`}
        viewBox={`0 0 ${width} ${TOP + H + BOTTOM}`}
        aria-hidden="true"
        focusable="false"
      >
        {bars.map((bar, i) => {
          const h = barHeight(bar.value, max, H);
          const x = i * (W + GAP);
          return (
            <g key={bar.name}>
              <rect
                x={x}
                y={TOP + H - Math.max(h, 1)}
                width={W}
                height={Math.max(h, 1)}
                rx={3}
                className={h > 0 ? styles.bar : styles.barEmpty}
              />
              {bar.value > 0 ? (
                <text x={x + W / 2} y={TOP + H - h - 3} className={styles.barValue}>
                  {bar.value}
                </text>
              ) : null}
              <text x={x + W / 2} y={TOP + H + 12} className={styles.barLabel}>
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      {/* hidden by a wrapper: a table grows to its content whatever its own width, and scrolled the page */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.name}>
                <th scope="row">{bar.name}</th>
                <td>{`${bar.value} ${unit}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
