// What other features of mf-lessons use of lesson: they import it from here, never from its folders (biome.json).
export { FreePlanLimit } from './components/free-plan-limit.tsx';
export { splitLesson } from './utils/lesson-markdown.ts';
