// /home (spec 2 §2): the spec's four panels, then the streak, focus time, reviews due, latest notes and
// activity. Each panel reads its own call and fails alone; a learner with no goal yet is led to their first one.
import { useActivity, useDashboard } from '@mindpath/sdk/dashboard-hooks';
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
import { Panel, QueryBody } from './panel.tsx';
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
  const brandNew = dashboard.data && !dashboard.data.activeGoal && dashboard.data.stats.totalRoadmaps === 0;
  const dashboardPanel = (
    title: string,
    body: (d: NonNullable<typeof dashboard.data>) => React.ReactNode,
  ) => (
    <Panel title={title}>
      <QueryBody query={dashboard} loadingLabel={`Loading ${title}`} errorMessage={DASHBOARD_ERROR}>
        {body}
      </QueryBody>
    </Panel>
  );
  return (
    <PageFrame title="Home" intro="Where you are in your learning, and what to do next.">
      {brandNew ? <FirstGoal /> : null}
      <div className={styles.grid}>
        {dashboardPanel('Learning Progress', (d) => (
          <LearningProgress stats={d.stats} />
        ))}
        {dashboardPanel('Current Lesson', (d) => (
          <CurrentLesson dashboard={d} />
        ))}
        <Panel title="Quick Actions">
          <QuickActions />
        </Panel>
        {dashboardPanel('Active Goal', (d) => (
          <ActiveGoal dashboard={d} />
        ))}
        <Panel title="Streak">
          <QueryBody
            query={activity}
            loadingLabel="Loading Streak"
            errorMessage="Could not load your streak."
          >
            {(a) => <Streak activity={a} />}
          </QueryBody>
        </Panel>
        <Panel title="Focus">
          <QueryBody
            query={focus}
            loadingLabel="Loading Focus"
            errorMessage="Could not load your focus time."
          >
            {(f) => <Focus stats={f} />}
          </QueryBody>
        </Panel>
        <Panel title="Review">
          <QueryBody
            query={reviews}
            loadingLabel="Loading Review"
            errorMessage="Could not load your reviews."
          >
            {(r) => <Reviews stats={r} />}
          </QueryBody>
        </Panel>
        <Panel title="Latest Notes">
          <QueryBody
            query={notes}
            loadingLabel="Loading Latest Notes"
            errorMessage="Could not load your notes."
          >
            {(n) => <LatestNotes notes={n} />}
          </QueryBody>
        </Panel>
        <Panel title="Activity" wide>
          <QueryBody
            query={activity}
            loadingLabel="Loading Activity"
            errorMessage="Could not load your activity."
          >
            {(a) => <ActivityMap activity={a} />}
          </QueryBody>
        </Panel>
      </div>
    </PageFrame>
  );
}
