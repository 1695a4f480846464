// A calendar heatmap as plain SVG (no chart library in a remote's first load): one column per week, Monday
// first, the darker the busier. The numbers are also a table for screen readers.

import styles from './charts.module.css';

export interface HeatmapDay {
  /** 'YYYY-MM-DD' */
  date: string;
  value: number;
  /** what the value is made of, for the table and the tooltip ('2 lessons, 25 focus minutes') */
  detail?: string;
}

export const HEATMAP_LEVELS = 4;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** 0 for nothing, else 1..HEATMAP_LEVELS by the share of the busiest day. */
export function heatmapLevel(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.min(HEATMAP_LEVELS, Math.max(1, Math.ceil((value / max) * HEATMAP_LEVELS)));
}

/** Monday 0 … Sunday 6 of a 'YYYY-MM-DD' day (read on the UTC calendar: no time zone can shift it). */
export const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The days in weeks (columns) of seven slots, Monday first; slots before the first day are null. */
export function heatmapWeeks(days: readonly HeatmapDay[]): (HeatmapDay | null)[][] {
  const first = days[0];
  if (!first) return [];
  const slots: (HeatmapDay | null)[] = [...Array<null>(weekdayOf(first.date)).fill(null), ...days];
  const weeks: (HeatmapDay | null)[][] = [];
  for (let i = 0; i < slots.length; i += 7) weeks.push(slots.slice(i, i + 7));
  return weeks;
}

const CELL = 11;
const GAP = 3;
const LEFT = 26;
const TOP = 14;

const monthOf = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
const dayName = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function ActivityHeatmap({
  title,
  days,
  unit,
}: {
  title: string;
  days: readonly HeatmapDay[];
  /** what a value counts, for the table's header ('activities') */
  unit: string;
}) {
  const weeks = heatmapWeeks(days);
  const max = Math.max(0, ...days.map((d) => d.value));
  const width = LEFT + weeks.length * (CELL + GAP);
  const height = TOP + 7 * (CELL + GAP);
  const monthLabels = weeks.flatMap((week, i) => {
    const day = week.find((d) => d !== null);
    const prev = weeks[i - 1]?.find((d) => d !== null);
    if (!day || (prev && monthOf(prev.date) === monthOf(day.date))) return [];
    return [{ x: LEFT + i * (CELL + GAP), label: monthOf(day.date) }];
  });
  // a month begun in the first two columns has no room for its name before the next one's
  if (monthLabels.length > 1 && monthLabels[1]!.x - monthLabels[0]!.x < 3 * (CELL + GAP)) monthLabels.shift();
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{title}</figcaption>
      <svg
        className={`${styles.svg} ${styles.heatmap}`}
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        focusable="false"
      >
        {monthLabels.map((m) => (
          <text key={`${m.x}`} x={m.x} y={9} className={styles.axis}>
            {m.label}
          </text>
        ))}
        {[0, 2, 4].map((row) => (
          <text key={row} x={0} y={TOP + row * (CELL + GAP) + CELL - 2} className={styles.axis}>
            {WEEKDAYS[row]}
          </text>
        ))}
        {weeks.map((week, col) =>
          week.map((day, row) =>
            day ? (
              <rect
                key={day.date}
                x={LEFT + col * (CELL + GAP)}
                y={TOP + row * (CELL + GAP)}
                width={CELL}
                height={CELL}
                rx={2}
                className={styles[`level${heatmapLevel(day.value, max)}`]}
                data-date={day.date}
                data-value={day.value}
              >
                <title>{`${dayName(day.date)}: ${day.detail ?? `${day.value} ${unit}`}`}</title>
              </rect>
            ) : null,
          ),
        )}
      </svg>
      {/* hidden by a wrapper: a table grows to its content whatever its own width, and scrolled the page */}
      <div className="visually-hidden">
        <table>
          <caption>{`${title}, ${unit} per day`}</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => {
              const start = week.find((d) => d !== null);
              return (
                <tr key={start?.date}>
                  <th scope="row">{start ? dayName(start.date) : ''}</th>
                  {week.map((day, i) => (
                    <td key={day?.date ?? `pad-${i}`}>{day ? (day.detail ?? day.value) : ''}</td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
