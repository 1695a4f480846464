import { createLifecycles, pageRoutes } from '@mindpath/mf/lifecycles';
import LearningPlanPage from './features/learning-plan/components/learning-plan-page.tsx';

/** single-spa lifecycles of mf-roadmap: its pages in a MemoryRouter, for the standalone page and tests. */
export const lifecycles = createLifecycles({
  name: 'roadmap',
  defaultPath: '/learning-plan',
  routes: pageRoutes('roadmap', { LearningPlanPage: <LearningPlanPage /> }),
});

export const { bootstrap, mount, unmount } = lifecycles;
