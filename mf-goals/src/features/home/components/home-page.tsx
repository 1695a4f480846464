// /home (spec 2 §2): the spec's four panels, then the streak, focus time, reviews due, latest notes and
// activity. Each panel reads its own call and fails alone; a learner with no goal yet is led to their first one.
import { useActivity, useDashboard } from '@mindpath/sdk/dashboard-hooks';
import { useGoals } from '@mindpath/sdk/goals-hooks';
import { useNotes } from '@mindpath/sdk/notes-hooks';
import { usePomodoroStats } from '@mindpath/sdk/pomodoro-hooks';
import { useReviewStats } from '@mindpath/sdk/reviews-hooks';
import { buttonClassName } from '@mindpath/ui/button';
import { PageFrame } from '@mindpath/ui/page-frame';
import { Link } from 'react-router';
import { ActivityMap, Streak } from './activity-panels.tsx';
import { Focus } from './focus-panel.tsx';
import styles from './home.module.css';
import { LatestNotes } from './notes-panel.tsx';
import { Panel, QueryPanel } from './panel.tsx';
import { Reviews } from './reviews-panel.tsx';
import { ActiveGoal, CurrentLesson, LearningProgress, QuickActions } from './spec-panels.tsx';

const DASHBOARD_ERROR = 'Could not load your progress.';

function FirstGoal() {
  return (
    <section className={styles.welcome} aria-label="Your first goal">
      <div>
        <h2 className={styles.welcomeTitle}>Start with a goal</h2>
        <p className={styles.muted}>Tell us what you want to learn and get a roadmap of lessons for it.</p>
      </div>
      <Link to="/goals/new" className={buttonClassName()}>
        Set Your First Goal
      </Link>
    </section>
  );
}

export default function HomePage() {
  const dashboard = useDashboard();
  const activity = useActivity();
  const notes = useNotes();
  const focus = usePomodoroStats();
  const reviews = useReviewStats();
  // from the goal list the shell has already read (its welcome gate): known at the first paint, so the call
  // to a first goal does not push the panels down once the dashboard arrives (a layout shift of 0.23)
  const brandNew = useGoals().data?.length === 0;
  return (
    <PageFrame title="Home" intro="Where you are in your learning, and what to do next.">
      {brandNew ? <FirstGoal /> : null}
      <div className={styles.grid}>
        <QueryPanel title="Learning Progress" query={dashboard} errorMessage={DASHBOARD_ERROR} lines={6}>
          {(d) => <LearningProgress stats={d.stats} />}
        </QueryPanel>
        <QueryPanel title="Current Lesson" query={dashboard} errorMessage={DASHBOARD_ERROR}>
          {(d) => <CurrentLesson dashboard={d} />}
        </QueryPanel>
        <Panel title="Quick Actions">
          <QuickActions />
        </Panel>
        <QueryPanel title="Active Goal" query={dashboard} errorMessage={DASHBOARD_ERROR} lines={8}>
          {(d) => <ActiveGoal dashboard={d} />}
        </QueryPanel>
        <QueryPanel title="Streak" query={activity} errorMessage="Could not load your streak.">
          {(a) => <Streak activity={a} />}
        </QueryPanel>
        <QueryPanel title="Focus" query={focus} errorMessage="Could not load your focus time.">
          {(f) => <Focus stats={f} />}
        </QueryPanel>
        <QueryPanel title="Review" query={reviews} errorMessage="Could not load your reviews.">
          {(r) => <Reviews stats={r} />}
        </QueryPanel>
        <QueryPanel title="Latest Notes" query={notes} errorMessage="Could not load your notes.">
          {(n) => <LatestNotes notes={n} />}
        </QueryPanel>
        <QueryPanel title="Activity" query={activity} errorMessage="Could not load your activity." wide>
          {(a) => <ActivityMap activity={a} />}
        </QueryPanel>
      </div>
    </PageFrame>
  );
}
