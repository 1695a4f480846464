// Beyond the spec: the spaced-review cards due now with Start review, what was reviewed today, and the cards
// coming due over the next 7 days (the review stats).
import type { ReviewStats } from '@mindpath/contracts/reviews';
import { BarChart } from '@mindpath/ui/bar-chart';
import { buttonClassName } from '@mindpath/ui/button';
import { describeDue } from '@mindpath/ui/due-time';
import { countOf } from '@mindpath/ui/plural';
import { Link } from 'react-router';
import { dayBar } from '../utils/day-bar.ts';
import styles from './home.module.css';

export function Reviews({ stats, now = new Date() }: { stats: ReviewStats; now?: Date }) {
  if (stats.totalCards === 0)
    return (
      <p className={styles.muted}>
        No cards yet. Questions you miss in assessments, and notes you add to review, will come back here.
      </p>
    );
  const next = stats.nextDueAt ? describeDue(now, new Date(stats.nextDueAt)) : null;
  return (
    <>
      <div className={styles.figures}>
        <p className={styles.figure}>
          <span className={styles.figureValue}>{countOf(stats.dueNow, 'card', 'cards')}</span>
          <span className={styles.muted}>due now</span>
        </p>
        <p className={styles.figure}>
          <span className={styles.figureValue}>{countOf(stats.reviewsToday, 'card', 'cards')}</span>
          <span className={styles.muted}>reviewed today</span>
        </p>
        {stats.retention30d === null ? null : (
          <p className={styles.figure}>
            <span className={styles.figureValue}>{Math.round(stats.retention30d * 100)} %</span>
            <span className={styles.muted}>recalled, last 30 days</span>
          </p>
        )}
      </div>
      {stats.dueNow === 0 ? (
        <p className={styles.muted}>
          Nothing to review now. {next ? `The next card is due ${next}.` : 'No more cards are scheduled.'}
        </p>
      ) : null}
      <BarChart
        title="Cards coming due, next 7 days"
        unit="cards"
        bars={stats.dueByDay.map((d) => dayBar(d.date, d.count))}
      />
      {stats.dueNow > 0 ? (
        <div className={styles.actions}>
          <Link to="/review" className={buttonClassName()}>
            Start review
          </Link>
        </div>
      ) : null}
    </>
  );
}
