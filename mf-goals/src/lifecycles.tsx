import { createLifecycles, pageRoutes } from '@mindpath/mf/lifecycles';
import GoalAssessmentPage from './features/goal-assessment/components/goal-assessment-page.tsx';
import GoalsPage from './features/goals/components/goals-page.tsx';
import HomePage from './features/home/components/home-page.tsx';
import NewGoalPage from './features/new-goal/components/new-goal-page.tsx';

/** single-spa lifecycles of mf-goals: its pages in a MemoryRouter, for the standalone page and tests. */
export const lifecycles = createLifecycles({
  name: 'goals',
  defaultPath: '/home',
  routes: pageRoutes('goals', {
    HomePage: <HomePage />,
    GoalsPage: <GoalsPage />,
    NewGoalPage: <NewGoalPage />,
    GoalAssessmentPage: <GoalAssessmentPage />,
  }),
});

export const { bootstrap, mount, unmount } = lifecycles;
