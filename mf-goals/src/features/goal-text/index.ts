// What other features of mf-goals use of goal-text: they import it from here, never from its folders (biome.json).
export { GoalTextFields } from './components/goal-text-fields.tsx';
