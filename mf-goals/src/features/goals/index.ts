// What other features of mf-goals use of goals: they import it from here, never from its folders (biome.json).
export { LevelBadge } from './components/goal-cards.tsx';
export { GoalImage } from './components/goal-image.tsx';
export { GoalsScreen } from './components/goals-page.tsx';
export { ProgressBar } from './components/progress-bar.tsx';
export type { GoalLimit } from './utils/goal-sections.ts';
