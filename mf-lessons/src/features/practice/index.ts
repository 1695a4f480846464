// What other features of mf-lessons use of practice: they import it from here, never from its folders
// (biome.json). Only small pieces load with the lesson page: the editor, the runner and the exercises are
// chunks of their own.
import { lazy } from 'react';

export { RunnableCodeBlock } from './components/runnable-code-block.tsx';
export { LessonIdContext } from './hooks/lesson-context.ts';

/** The lesson's exercises (after its text): a chunk of its own, with the editor. */
export const PracticePanel = lazy(() => import('./components/practice-panel.tsx'));

/** An exercise card of the review ("Solve again"): a chunk of its own, with the editor. */
export const ReviewExercise = lazy(() => import('./components/review-exercise.tsx'));
