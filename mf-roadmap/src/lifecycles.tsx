import { createLifecycles, pageRoutes } from '@mindpath/mf/lifecycles';
import LearningPlanPage from './features/learning-plan/components/learning-plan-page.tsx';
import SharedRoadmapPage from './features/shared-roadmap/components/shared-roadmap-page.tsx';

/** single-spa lifecycles of mf-roadmap: its pages in a MemoryRouter, for the standalone page and tests. */
export const lifecycles = createLifecycles({
  name: 'roadmap',
  defaultPath: '/learning-plan',
  routes: pageRoutes('roadmap', {
    LearningPlanPage: <LearningPlanPage />,
    SharedRoadmapPage: <SharedRoadmapPage />,
  }),
});

export const { bootstrap, mount, unmount } = lifecycles;
