// Exercises: their limits and the words the practice panel and the review card use, apart from the zod
// schemas (exercises.ts), so the lesson page shows them without loading zod.

/** The languages a learner's code runs in, in the browser (the runner's RunnableLanguage). */
export const EXERCISE_LANGUAGES = ['python', 'sql', 'javascript', 'typescript'] as const;
export type ExerciseLanguage = (typeof EXERCISE_LANGUAGES)[number];

export const EXERCISE_LIMITS = {
  /** a programming lesson gets one to three exercises */
  minPerLesson: 1,
  maxPerLesson: 3,
  /** hint 1, hint 2, then the solution */
  maxHints: 2,
  /** the code tests of one exercise */
  maxTests: 10,
  /** the longest attempt recorded, in ms (a tab left open counts up to a day) */
  maxAttemptMs: 24 * 60 * 60 * 1000,
} as const;

/** The review card of an exercise failed, or solved only with the solution, asks for this. */
export const SOLVE_AGAIN = 'Solve again';
