// Exercises of a programming lesson: a task, starter code, visible examples, hidden tests, hints in steps
// and a reference solution (what a kit or a model writes: ExerciseSpecSchema), and the learner's result.
// The learner's code and the tests run only in the learner's browser; the server stores specs and results.
import { z } from 'zod';
import { EXERCISE_LANGUAGES, EXERCISE_LIMITS } from './exercises-constants.ts';
import { isStorableText, UNSTORABLE_TEXT_MESSAGE } from './storable.ts';

/** Text a kit or a model writes and the database stores: no NUL or lone surrogates (a model re-asked if so). */
const storable = (max: number) => z.string().max(max).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
const storableLine = (max: number) =>
  z.string().min(1).max(max).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);

export const ExerciseLanguageSchema = z.enum(EXERCISE_LANGUAGES);

export const ResultCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** A SQL result set: its column names and its rows, each a cell per column. */
export const ResultTableSchema = z.object({
  columns: z.array(storable(200)).max(50),
  rows: z.array(z.array(ResultCellSchema).max(50)).max(200),
});
export type ResultTable = z.infer<typeof ResultTableSchema>;

export const ExerciseTestCaseSchema = z.object({ name: storableLine(200), code: storableLine(2000) });

export const ExerciseTestsSchema = z.discriminatedUnion('kind', [
  // python / javascript / typescript: each test runs after the learner's code in the same globals; it passes
  // when it raises nothing. JS tests may call assert(cond, message) and assertEqual(actual, expected) (deep).
  z.object({
    kind: z.literal('code'),
    cases: z.array(ExerciseTestCaseSchema).min(1).max(EXERCISE_LIMITS.maxTests),
  }),
  // sql: the learner's last result set against this one; a multiset unless `ordered`
  z.object({ kind: z.literal('result'), expected: ResultTableSchema, ordered: z.boolean() }),
]);
export type ExerciseTests = z.infer<typeof ExerciseTestsSchema>;

/** What a kit or a model writes. */
export const ExerciseSpecSchema = z.object({
  title: storableLine(120),
  /** Markdown */
  task: storableLine(2000),
  language: ExerciseLanguageSchema,
  starterCode: storable(4000),
  examples: z.array(z.object({ input: storable(500), output: storable(500) })).max(3),
  tests: ExerciseTestsSchema,
  /** hint 1, hint 2, then the solution */
  hints: z.array(storableLine(600)).min(1).max(EXERCISE_LIMITS.maxHints),
  solution: storableLine(4000),
});
export type ExerciseSpec = z.infer<typeof ExerciseSpecSchema>;

/** 'curated': from a lesson kit, its solution checked by the test suite; 'model': written by the AI model. */
export const ExerciseSourceSchema = z.enum(['curated', 'model']);
export type ExerciseSource = z.infer<typeof ExerciseSourceSchema>;

/**
 * 'verified': its reference solution passes its tests (a kit's, in the test suite);
 * 'unchecked': a model's, shown only after the learner's browser has run its reference solution against its
 * tests and they passed (when they fail, POST /exercises/:id/unverified).
 */
export const ExerciseStatusSchema = z.enum(['verified', 'unchecked']);
export type ExerciseStatus = z.infer<typeof ExerciseStatusSchema>;

/** The learner's result so far. */
export const ExerciseResultSchema = z.object({
  attempts: z.number().int(),
  /** an attempt passed every test */
  solved: z.boolean(),
  /** the most tests one attempt passed; null before any attempt */
  bestTestsPassed: z.number().int().nullable(),
  /** the learner was shown the solution in an attempt */
  usedSolution: z.boolean(),
});
export type ExerciseResult = z.infer<typeof ExerciseResultSchema>;

export const ExerciseSchema = ExerciseSpecSchema.extend({
  id: z.uuid(),
  lessonId: z.uuid(),
  position: z.number().int(),
  source: ExerciseSourceSchema,
  status: ExerciseStatusSchema,
  result: ExerciseResultSchema,
});
export type Exercise = z.infer<typeof ExerciseSchema>;

/** A lesson's practice: the SQL that makes the lesson's tables (null: none) and its exercises in order. */
export const LessonPracticeSchema = z.object({
  setup: z.string().nullable(),
  exercises: z.array(ExerciseSchema),
  /** the model is writing this lesson's exercises: read again shortly */
  isGenerating: z.boolean(),
});
export type LessonPractice = z.infer<typeof LessonPracticeSchema>;

/**
 * What a model writes for a lesson: the SQL that creates and fills the tables its SQL exercises read (null
 * for other languages) and one to three exercises.
 */
export const GeneratedExercisesSchema = z.object({
  setup: storable(4000).nullable(),
  exercises: z.array(ExerciseSpecSchema).min(1).max(EXERCISE_LIMITS.maxPerLesson),
});
export type GeneratedExercises = z.infer<typeof GeneratedExercisesSchema>;

/** POST /exercises/:id/attempts: one checked attempt, as the learner's browser ran it. */
export const AttemptBodySchema = z
  .object({
    passed: z.boolean(),
    testsPassed: z.number().int().min(0).max(EXERCISE_LIMITS.maxTests),
    testsTotal: z.number().int().min(1).max(EXERCISE_LIMITS.maxTests),
    /** hints shown before this attempt (0–2) */
    hintsUsed: z.number().int().min(0).max(EXERCISE_LIMITS.maxHints),
    usedSolution: z.boolean(),
    /** time spent on the attempt */
    ms: z.number().int().min(0).max(EXERCISE_LIMITS.maxAttemptMs),
  })
  .refine((a) => a.testsPassed <= a.testsTotal, {
    path: ['testsPassed'],
    message: 'testsPassed must not be more than testsTotal',
  })
  .refine((a) => a.passed === (a.testsPassed === a.testsTotal), {
    path: ['passed'],
    message: 'passed must say whether every test passed',
  });
export type AttemptBody = z.infer<typeof AttemptBodySchema>;

/** POST /exercises/:id/unverified: a model exercise's reference solution failed its tests in the browser. */
export const UnverifiedBodySchema = z.object({
  /** the runner's message (one line), for the logs and the rewrite */
  message: z.string().max(2000),
});
export type UnverifiedBody = z.infer<typeof UnverifiedBodySchema>;
