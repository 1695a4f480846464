// The four panels of spec 2 §2's Home page: Learning Progress, Current Lesson, Quick Actions, Active Goal.
import type { Dashboard } from '@mindpath/contracts/dashboard';
import { isLiveJob } from '@mindpath/contracts/jobs-constants';
import { goalTitle } from '@mindpath/sdk/goals-api';
import { useTodayPlan } from '@mindpath/sdk/schedule-hooks';
import { buttonClassName } from '@mindpath/ui/button';
import { countOf } from '@mindpath/ui/plural';
import { Spinner } from '@mindpath/ui/spinner';
import { Link } from 'react-router';
import { GoalImage, LevelBadge, ProgressBar } from '../../goals/index.ts';
import styles from './home.module.css';

export function LearningProgress({ stats }: { stats: Dashboard['stats'] }) {
  return (
    <>
      <p className={styles.big}>{stats.completionPercentage}%</p>
      <ProgressBar value={stats.completionPercentage} label="Lessons completed across all goals" />
      <div className={styles.figures}>
        <p className={styles.figure}>
          <span className={styles.figureValue}>
            {stats.completedLessons} / {stats.totalLessons}
          </span>
          <span className={styles.muted}>lessons completed</span>
        </p>
        <p className={styles.figure}>
          <span className={styles.figureValue}>
            {stats.completedRoadmaps} / {stats.totalRoadmaps}
          </span>
          <span className={styles.muted}>milestones completed</span>
        </p>
      </div>
    </>
  );
}

/** Continue goes to the lesson; with none to continue, to the learning plan (spec 2 §2). */
/** What the active goal's schedule plans for today, when it has one. */
function PlannedToday() {
  const today = useTodayPlan().data;
  if (!today?.goalId) return null;
  const titles = today.lessons.map((l) => l.title).join(', ');
  const behind = today.behind > 0 ? ` · ${countOf(today.behind, 'lesson', 'lessons')} behind` : '';
  return (
    <p className={styles.planned}>
      {titles ? `Planned for today: ${titles}` : 'Nothing planned for today'}
      {behind}
    </p>
  );
}

export function CurrentLesson({ dashboard }: { dashboard: Dashboard }) {
  const { currentLesson: lesson, activeGoal, roadmapGeneration } = dashboard;
  if (lesson) {
    return (
      <>
        <p className={styles.lessonTitle}>{lesson.title}</p>
        <p className={styles.muted}>
          {lesson.roadmapName} · about {lesson.estimatedTimeInMinutes} minutes
        </p>
        <PlannedToday />
        <div className={styles.actions}>
          <Link to={`/lessons/${lesson.id}`} className={buttonClassName()}>
            Continue
          </Link>
        </div>
      </>
    );
  }
  const building = roadmapGeneration && isLiveJob(roadmapGeneration.status);
  const why = !activeGoal
    ? 'No lesson in progress yet: set a goal and its roadmap brings your first lesson.'
    : building
      ? 'Your first lesson arrives when your roadmap is built.'
      : activeGoal.isCompleted
        ? 'You have completed every lesson of your active goal.'
        : 'Your learning plan shows what comes next.';
  return (
    <>
      <p className={styles.muted}>{why}</p>
      <div className={styles.actions}>
        <Link to="/learning-plan" className={buttonClassName({ variant: 'secondary' })}>
          Go to Learning Plan
        </Link>
      </div>
    </>
  );
}

const QUICK_ACTIONS = [
  { to: '/goals', label: 'Goals', hint: 'Set, switch or review your goals' },
  { to: '/learning-plan', label: 'Learning Plan', hint: 'Your roadmap and its lessons' },
  { to: '/knowledge-graph', label: 'Knowledge Base', hint: 'Your notes and how they connect' },
] as const;

export function QuickActions() {
  return (
    <ul className={styles.quickList}>
      {QUICK_ACTIONS.map((a) => (
        <li key={a.to}>
          <Link to={a.to} className={styles.quickLink}>
            <span className={styles.quickLabel}>{a.label}</span>
            <span className={styles.muted}>{a.hint}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

function RoadmapStatus({ generation }: { generation: Dashboard['roadmapGeneration'] }) {
  if (!generation) return null;
  if (isLiveJob(generation.status))
    return (
      <p className={styles.status} role="status">
        <Spinner size="sm" /> Building your roadmap…
      </p>
    );
  if (generation.status === 'failed')
    return (
      <p className={styles.status}>Your roadmap could not be built. Your learning plan can try again.</p>
    );
  return null;
}

/** Manage Goals → /goals, Continue Learning → /learning-plan/{goalId} (spec 2 §2); Change goal → the Goals tab. */
export function ActiveGoal({ dashboard }: { dashboard: Dashboard }) {
  const goal = dashboard.activeGoal;
  if (!goal) {
    return (
      <>
        <p className={styles.muted}>You have no active goal.</p>
        <div className={styles.actions}>
          <Link to="/goals" className={buttonClassName({ variant: 'secondary' })}>
            Manage Goals
          </Link>
        </div>
      </>
    );
  }
  const { completionPercentage, completedLessons, totalLessons } = goal.goalProgress;
  return (
    <>
      <div className={styles.goalHead}>
        <GoalImage src={goal.imageUrl} className={styles.goalImage} />
        <div>
          <p className={styles.goalTitle}>{goalTitle(goal.description)}</p>
          <LevelBadge level={goal.level} />
        </div>
      </div>
      <RoadmapStatus generation={dashboard.roadmapGeneration} />
      <ProgressBar value={completionPercentage} label="Active goal progress" />
      <p className={styles.muted}>
        {completionPercentage}% complete · {completedLessons} of {countOf(totalLessons, 'lesson', 'lessons')}
      </p>
      <div className={styles.actions}>
        <Link to={`/learning-plan/${goal.id}`} className={buttonClassName()}>
          Continue Learning
        </Link>
        <Link to="/goals" className={buttonClassName({ variant: 'secondary' })}>
          Manage Goals
        </Link>
        <Link to="/settings" state={{ activeTab: 'goals' }} className={buttonClassName({ variant: 'ghost' })}>
          Change goal
        </Link>
      </div>
    </>
  );
}
