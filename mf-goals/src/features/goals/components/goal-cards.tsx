import type { Goal } from '@mindpath/contracts/goals';
import { goalTitle } from '@mindpath/sdk/goals-api';
import { Button, buttonClassName } from '@mindpath/ui/button';
import { countOf } from '@mindpath/ui/plural';
import { Link } from 'react-router';
import { formatDate } from '../utils/goal-sections.ts';
import { GoalImage } from './goal-image.tsx';
import styles from './goals.module.css';
import { ProgressBar } from './progress-bar.tsx';

const TrashIcon = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </svg>
);

function DeleteButton({ goal, onDelete }: { goal: Goal; onDelete: (goal: Goal) => void }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      icon={<TrashIcon />}
      aria-label={`Delete goal ${goalTitle(goal.description)}`}
      onClick={() => onDelete(goal)}
    />
  );
}

export function LevelBadge({ level }: { level: string }) {
  return <span className="badge">{level}</span>;
}

/** The Active Goal section's card: image, description, level, progress and Resume course. */
export function ActiveGoalCard({ goal, onDelete }: { goal: Goal; onDelete: (goal: Goal) => void }) {
  const { completionPercentage, completedLessons, totalLessons } = goal.goalProgress;
  const title = goalTitle(goal.description);
  return (
    <article className={`card ${styles.activeCard}`} aria-label={`Active goal: ${title}`}>
      <GoalImage src={goal.imageUrl} className={styles.activeImage} />
      <div className={styles.activeBody}>
        <div className={styles.cardHead}>
          <LevelBadge level={goal.level} />
          <DeleteButton goal={goal} onDelete={onDelete} />
        </div>
        <h3 className={styles.activeTitle}>{title}</h3>
        <ProgressBar value={completionPercentage} label={`Progress of ${title}`} />
        <div className={styles.progressText}>
          <span>{completionPercentage}% complete</span>
          <span>
            {completedLessons} of {countOf(totalLessons, 'lesson', 'lessons')} completed
          </span>
        </div>
        <div>
          <Link className={buttonClassName()} to={`/learning-plan/${goal.id}`}>
            Resume course
          </Link>
        </div>
      </div>
    </article>
  );
}

/** An incomplete goal that is not the active one: Set as active and delete. */
export function GoalCard({
  goal,
  onDelete,
  onSetActive,
  settingActive,
}: {
  goal: Goal;
  onDelete: (goal: Goal) => void;
  onSetActive: (goal: Goal) => void;
  settingActive: boolean;
}) {
  const title = goalTitle(goal.description);
  return (
    <article className={`card ${styles.card}`} aria-label={title}>
      <GoalImage src={goal.imageUrl} className={styles.cardImage} />
      <div className={styles.cardBody}>
        <div className={styles.cardHead}>
          <LevelBadge level={goal.level} />
          <DeleteButton goal={goal} onDelete={onDelete} />
        </div>
        <h3 className={styles.cardTitle}>{title}</h3>
        <p className={styles.muted}>{goal.goalProgress.completionPercentage}% complete</p>
        <Button variant="secondary" size="sm" loading={settingActive} onClick={() => onSetActive(goal)}>
          Set as active
        </Button>
      </div>
    </article>
  );
}

/** A completed goal: completion badge and date, the fixed 'Avg Score: 85%' of spec 1 §2, View Roadmap. */
export function CompletedGoalCard({ goal }: { goal: Goal }) {
  const title = goalTitle(goal.description);
  const date = formatDate(goal.completedAt);
  return (
    <article className={`card ${styles.card}`} aria-label={title}>
      <GoalImage src={goal.imageUrl} className={styles.cardImage} />
      <div className={styles.cardBody}>
        <div className={styles.cardHead}>
          <span className={`badge ${styles.doneBadge}`}>Completed</span>
          <LevelBadge level={goal.level} />
        </div>
        <h3 className={styles.cardTitle}>{title}</h3>
        <p className={styles.muted}>{date ? <>Completed on {date} · </> : null}Avg Score: 85%</p>
        <Link
          className={buttonClassName({ variant: 'secondary', size: 'sm' })}
          to={`/learning-plan/${goal.id}`}
        >
          View Roadmap
        </Link>
      </div>
    </article>
  );
}
