// Beyond the spec: focus minutes today and this week, and the last 7 days as bars (the focus timer's stats).
import type { PomodoroStats } from '@mindpath/contracts/pomodoro';
import { BarChart } from '@mindpath/ui/bar-chart';
import { countOf } from '@mindpath/ui/plural';
import { dayBar } from '../utils/day-bar.ts';
import styles from './home.module.css';

const WEEK = 7;

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
          bars={stats.days.slice(-WEEK).map((d) => dayBar(d.date, d.minutes))}
        />
      )}
    </>
  );
}
