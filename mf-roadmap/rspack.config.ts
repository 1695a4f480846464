import { createMfConfig } from '@mindpath/mf/create-config';

export default createMfConfig({
  name: 'roadmap',
  dir: import.meta.dirname,
  exposes: {
    './LearningPlanPage': './src/features/learning-plan/components/learning-plan-page.tsx',
    './SharedRoadmapPage': './src/features/shared-roadmap/components/shared-roadmap-page.tsx',
    './lifecycles': './src/lifecycles.tsx',
  },
});
