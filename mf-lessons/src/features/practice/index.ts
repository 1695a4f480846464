// What other features of mf-lessons use of practice: they import it from here, never from its folders
// (biome.json). Only small pieces load with the lesson page: the editor, the runner and the exercises are
// chunks of their own.
import { lazy } from 'react';

/** The lesson's exercises (after its text): a chunk of its own, loaded when the page is idle. */
export { IdlePracticePanel } from './components/idle-practice-panel.tsx';
export { RunnableCodeBlock } from './components/runnable-code-block.tsx';
export { LessonIdContext } from './hooks/lesson-context.ts';

/** An exercise card of the review ("Solve again"): a chunk of its own, with the editor. */
export const ReviewExercise = lazy(() => import('./components/review-exercise.tsx'));
