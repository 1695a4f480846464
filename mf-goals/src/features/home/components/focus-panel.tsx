// Beyond the spec: focus minutes today and this week, and the last 7 days as bars (the focus timer's stats).
import type { PomodoroStats } from '@mindpath/contracts/pomodoro';
import { BarChart } from '@mindpath/ui/bar-chart';
import { countOf } from '@mindpath/ui/plural';
import styles from './home.module.css';

const WEEK = 7;
const dayOf = (date: string, weekday: 'short' | 'long') =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday,
    ...(weekday === 'long' ? { month: 'long', day: 'numeric' } : {}),
    timeZone: 'UTC',
  });

export function Focus({ stats }: { stats: PomodoroStats }) {
  const minutes = (n: number) => countOf(n, 'minute', 'minutes');
  return (
    <>
      <div className={styles.figures}>
        <p className={styles.figure}>
          <span className={styles.figureValue}>{minutes(stats.todayMinutes)}</span>
          <span className={styles.muted}>today</span>
        </p>
        <p className={styles.figure}>
          <span className={styles.figureValue}>{minutes(stats.weekMinutes)}</span>
          <span className={styles.muted}>this week</span>
        </p>
      </div>
      {stats.totalSessions === 0 ? (
        <p className={styles.muted}>
          No focus sessions yet. Start the focus timer at the bottom right when you study.
        </p>
      ) : (
        <BarChart
          title="Focus minutes, last 7 days"
          unit="minutes"
          bars={stats.days.slice(-WEEK).map((d) => ({
            label: dayOf(d.date, 'short'),
            name: dayOf(d.date, 'long'),
            value: d.minutes,
          }))}
        />
      )}
    </>
  );
}
