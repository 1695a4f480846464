// Beyond the spec: the streak and 26 weeks of activity as a heatmap, from GET /api/activity.
import type { Activity } from '@mindpath/contracts/dashboard';
import { ActivityHeatmap } from '@mindpath/ui/heatmap';
import { countOf } from '@mindpath/ui/plural';
import { activityCount, activityDetail } from '../utils/activity.ts';
import styles from './home.module.css';

export function Streak({ activity }: { activity: Activity }) {
  const today = activity.days.at(-1);
  const activeToday = today ? activityCount(today) > 0 : false;
  return (
    <>
      <p className={styles.big}>{countOf(activity.currentStreak, 'day', 'days')}</p>
      <p className={styles.muted}>
        {activity.currentStreak === 0
          ? 'Complete a lesson, pass an assessment, review a card or finish a focus session to start a streak.'
          : activeToday
            ? 'You have been active today. Keep it going tomorrow.'
            : 'Do one thing today to keep your streak.'}
      </p>
      <div className={styles.figures}>
        <p className={styles.figure}>
          <span className={styles.figureValue}>{countOf(activity.longestStreak, 'day', 'days')}</span>
          <span className={styles.muted}>longest streak</span>
        </p>
        <p className={styles.figure}>
          <span className={styles.figureText}>{today ? activityDetail(today) : 'No activity'}</span>
          <span className={styles.muted}>today</span>
        </p>
      </div>
    </>
  );
}

export function ActivityMap({ activity }: { activity: Activity }) {
  const days = activity.days.map((d) => ({
    date: d.date,
    value: activityCount(d),
    detail: activityDetail(d),
  }));
  const total = days.reduce((n, d) => n + d.value, 0);
  return (
    <ActivityHeatmap
      title={`${countOf(total, 'activity', 'activities')} in the last 26 weeks`}
      unit="activities"
      days={days}
    />
  );
}
