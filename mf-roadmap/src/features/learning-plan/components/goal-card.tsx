import type { Goal } from '@mindpath/contracts/goals';
import type { PlanLesson, Roadmap } from '@mindpath/contracts/roadmaps';
import { countOf } from '@mindpath/ui/plural';
import type { ReactNode } from 'react';
import { averageScore, completionDate, formatDate, goalTitle } from '../utils/plan-progress.ts';
import styles from './learning-plan.module.css';

/** Served by the API for every goal without an image of its own (and when one fails to load). */
export const DEFAULT_GOAL_IMAGE = '/api/media/default-goal.svg';

export function GoalCard({
  goal,
  roadmaps,
  lessons,
  actions,
}: {
  goal: Goal;
  roadmaps: Roadmap[];
  lessons: PlanLesson[];
  actions?: ReactNode;
}) {
  const { completionPercentage, completedLessons, totalLessons } = goal.goalProgress;
  const done = completionDate(goal, roadmaps);
  const average = averageScore(lessons);
  return (
    <section className={`card ${styles.goalCard}`} aria-label="Goal">
      <img
        className={styles.goalImage}
        src={goal.imageUrl ?? DEFAULT_GOAL_IMAGE}
        alt=""
        onError={(e) => {
          // a missing or broken image falls back to the default illustration, once
          if (!e.currentTarget.src.endsWith(DEFAULT_GOAL_IMAGE)) e.currentTarget.src = DEFAULT_GOAL_IMAGE;
        }}
      />
      <div className={styles.goalBody}>
        <div className={styles.goalBadges}>
          <span className={styles.levelBadge}>{goal.level}</span>
          {goal.isCompleted ? <span className={styles.doneBadge}>Completed</span> : null}
        </div>
        <h2 className={styles.goalTitle}>{goalTitle(goal.description)}</h2>
        <div className={styles.progressRow}>
          <div
            className={styles.progressTrack}
            role="progressbar"
            aria-label="Goal progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={completionPercentage}
          >
            <div className={styles.progressFill} style={{ width: `${completionPercentage}%` }} />
          </div>
          <span className={styles.progressPercent}>{completionPercentage}%</span>
        </div>
        <p className={styles.goalMeta}>
          {completedLessons} of {countOf(totalLessons, 'lesson', 'lessons')} completed
        </p>
        {goal.isCompleted ? (
          <dl className={styles.goalFacts}>
            {average !== null ? (
              <div>
                <dt>Average score</dt>
                <dd>{average}%</dd>
              </div>
            ) : null}
            {done ? (
              <div>
                <dt>Completed on</dt>
                <dd>
                  <time dateTime={done.toISOString()}>{formatDate(done)}</time>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </div>
      {actions ? <div className={styles.goalActions}>{actions}</div> : null}
    </section>
  );
}
