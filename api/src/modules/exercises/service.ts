// A lesson's practice: a kit's exercises for a curated lesson (written into the table on the first read, so
// attempts and review cards name a row), a model's for any other programming lesson (written once by a job,
// shown by the learner's browser only after their reference solution passed its tests there), none for a
// lesson without a runnable language. Attempts are recorded as the browser ran them; an exercise failed or
// solved only with its solution becomes a "Solve again" review card.
import type {
  AttemptBody,
  Exercise,
  ExerciseSource,
  ExerciseSpec,
  ExerciseStatus,
  LessonPractice,
} from '@mindpath/contracts/exercises';
import type { JobKind } from '@mindpath/contracts/jobs-constants';
import { domainFor, kitFor } from '../../ai/offline/domain-of.ts';
import { notFound } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { enqueueJob, findLatestJob, findLiveJob } from '../jobs/index.ts';
import { getLessonContext, lessonInput } from '../lessons/service.ts';
import { reviewExercise } from '../reviews/sources.ts';
import { lessonLanguage } from './languages.ts';
import {
  allExercises,
  type ExerciseRow,
  type ExerciseWithResult,
  findOwnExercise,
  hideExercise,
  insertAttempt,
  insertExercises,
  specOf,
  visibleExercises,
} from './repository.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'ai' | 'db' | 'jobs' | 'log' | 'now'>;

export const LESSON_EXERCISES_JOB = 'lesson-exercises' satisfies JobKind;
/** A failed writing is tried again by a read this long after it, not by every read. */
export const RETRY_FAILED_MS = 60 * 60 * 1000;
export const EXERCISE_NOT_FOUND = 'Exercise not found';

type LessonContext = Awaited<ReturnType<typeof getLessonContext>>;

/** The curriculum and kit of a lesson: a kit's exercises and tables when the lesson is a curated one. */
export function curatedPractice(ctx: LessonContext) {
  const domain = domainFor(lessonInput(ctx).goal);
  const kit = kitFor(domain.id, ctx.lesson.title);
  return {
    domainId: domain.id,
    setup: kit?.setup ?? null,
    exercises: (kit?.exercises ?? []) as readonly ExerciseSpec[],
  };
}

export function toExercise(row: ExerciseWithResult): Exercise {
  return {
    ...specOf(row),
    id: row.id,
    lessonId: row.lessonId,
    position: row.position,
    source: row.source as ExerciseSource,
    status: row.status as ExerciseStatus,
    result: row.result,
  };
}

/** A model's SQL exercises read the tables of the setup written with them. */
const modelSetup = (rows: readonly ExerciseRow[]) => rows.find((r) => r.setup !== null)?.setup ?? null;

/**
 * What a model has to write for the lesson: its first exercises (none ever written), or a second version of
 * each place whose exercise was hidden and not yet written again; null when nothing.
 */
export function writingNeeded(rows: readonly ExerciseRow[]) {
  if (rows.length === 0) return { first: true as const };
  const places = new Map<number, ExerciseRow[]>();
  for (const r of rows) places.set(r.position, [...(places.get(r.position) ?? []), r]);
  const rewrites = [...places]
    .filter(([, list]) => list.every((r) => r.hiddenAt !== null) && list.every((r) => r.rewrite === 0))
    .map(([position, list]) => {
      const failed = list[list.length - 1]!;
      return { position, failed: { title: specOf(failed).title, message: failed.hiddenReason ?? '' } };
    });
  return rewrites.length > 0 ? { first: false as const, rewrites } : null;
}

/** Starts the model's writing unless it is under way, or failed a moment ago. Answers whether it is live. */
async function startWriting(deps: Deps, userId: string, lessonId: string): Promise<boolean> {
  if (await findLiveJob(deps.db, LESSON_EXERCISES_JOB, lessonId)) return true;
  const last = await findLatestJob(deps.db, LESSON_EXERCISES_JOB, lessonId);
  if (last?.status === 'failed' && deps.now().getTime() - last.updatedAt.getTime() < RETRY_FAILED_MS)
    return false;
  await enqueueJob(deps.db, { kind: LESSON_EXERCISES_JOB, target: lessonId, userId });
  deps.jobs.wake();
  return true;
}

/** The lesson's practice (another learner's lesson: 404). */
export async function getPractice(deps: Deps, userId: string, lessonId: string): Promise<LessonPractice> {
  const ctx = await getLessonContext(deps.db, userId, lessonId);
  const kit = curatedPractice(ctx);
  if (kit.exercises.length > 0) {
    let rows = await visibleExercises(deps.db, lessonId);
    if (rows.length < kit.exercises.length) {
      await insertExercises(
        deps.db,
        kit.exercises.map((spec, position) => ({
          userId,
          lessonId,
          position,
          source: 'curated',
          spec,
          setup: null,
          status: 'verified',
          rewrite: 0,
        })),
      );
      rows = await visibleExercises(deps.db, lessonId);
    }
    return { setup: kit.setup, exercises: rows.map(toExercise), isGenerating: false };
  }
  const [visible, all] = await Promise.all([
    visibleExercises(deps.db, lessonId),
    allExercises(deps.db, lessonId),
  ]);
  let isGenerating = false;
  // only a model writes exercises outside the kits: the offline generator writes none rather than a fake one
  const language = lessonLanguage(ctx.lesson.content, kit.domainId);
  if (deps.ai.provider.source === 'model' && ctx.lesson.content && language && writingNeeded(all))
    isGenerating = await startWriting(deps, userId, lessonId);
  else if (all.length > 0)
    isGenerating = (await findLiveJob(deps.db, LESSON_EXERCISES_JOB, lessonId)) !== undefined;
  return { setup: kit.setup ?? modelSetup(all), exercises: visible.map(toExercise), isGenerating };
}

/** The learner's exercise, hidden or not (routes answer another learner's 404 before reading a body). */
export async function isOwnExercise(db: Deps['db'], userId: string, id: string): Promise<boolean> {
  return (await findOwnExercise(db, userId, id)) !== undefined;
}

async function ownVisibleExercise(deps: Deps, userId: string, id: string) {
  const row = await findOwnExercise(deps.db, userId, id);
  if (!row || row.hiddenAt !== null) throw notFound(EXERCISE_NOT_FOUND);
  return row;
}

/** Records a checked attempt; a failed one, or one solved with the solution shown, puts it in review. */
export async function recordAttempt(
  deps: Deps,
  userId: string,
  exerciseId: string,
  body: AttemptBody,
): Promise<Exercise> {
  const row = await ownVisibleExercise(deps, userId, exerciseId);
  const spec = specOf(row);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    await insertAttempt(tx, { userId, exerciseId, lessonId: row.lessonId, ...body, createdAt: now });
    if (!body.passed || body.usedSolution)
      await reviewExercise(
        tx,
        userId,
        {
          exerciseId,
          lessonId: row.lessonId,
          title: spec.title,
          task: spec.task,
          language: spec.language,
          solution: spec.solution,
        },
        now,
      );
  });
  return toExercise((await findOwnExercise(deps.db, userId, exerciseId))!);
}

/**
 * The learner's browser ran a model exercise's reference solution and its tests failed: the exercise is
 * hidden and written again once (a rewrite that fails too leaves its place empty). A kit's exercise is
 * checked by the test suite, so a failure of one is the runtime's, logged and left shown. Answers the
 * lesson's practice as it now is.
 */
export async function reportUnverified(
  deps: Deps,
  userId: string,
  exerciseId: string,
  message: string,
): Promise<LessonPractice> {
  const row = await findOwnExercise(deps.db, userId, exerciseId);
  if (!row) throw notFound(EXERCISE_NOT_FOUND);
  if (row.source !== 'model') {
    deps.log.warn({ exerciseId, message }, "a kit exercise's solution failed in the browser");
  } else if (await hideExercise(deps.db, exerciseId, message.slice(0, 2000), deps.now())) {
    deps.log.info(
      { exerciseId, rewrite: row.rewrite, message },
      "a model exercise's solution failed its tests",
    );
  }
  return getPractice(deps, userId, row.lessonId);
}
