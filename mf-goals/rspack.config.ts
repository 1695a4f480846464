import { createMfConfig } from '@mindpath/mf/create-config';

export default createMfConfig({
  name: 'goals',
  dir: import.meta.dirname,
  exposes: {
    './HomePage': './src/features/home/components/home-page.tsx',
    './GoalsPage': './src/features/goals/components/goals-page.tsx',
    './NewGoalPage': './src/features/new-goal/components/new-goal-page.tsx',
    './GoalAssessmentPage': './src/features/goal-assessment/components/goal-assessment-page.tsx',
    './GoalsTab': './src/features/goals-tab/components/goals-tab.tsx',
    './WelcomeGoalModal': './src/features/welcome-goal/components/welcome-goal-modal.tsx',
    './lifecycles': './src/lifecycles.tsx',
  },
});
