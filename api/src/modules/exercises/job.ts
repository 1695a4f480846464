// The model's writing of a lesson's exercises, as a job (one live job per lesson): its first exercises, or a
// second version of those hidden because their solution failed in the learner's browser. The model call runs
// outside any transaction; the exercises are stored in the one that marks the job succeeded. Writing
// exercises is part of the lesson already written, so it counts no usage.
import type { ExerciseSpec } from '@mindpath/contracts/exercises';
import { type JobDeps, JobFailure, type JobHandler } from '../jobs/worker.ts';
import { getLessonContext, lessonInput } from '../lessons/service.ts';
import { userIsPro } from '../limits/service.ts';
import { lessonLanguage } from './languages.ts';
import { allExercises, insertExercises, type NewExercise } from './repository.ts';
import { curatedPractice, writingNeeded } from './service.ts';

/** How many exercises a model writes for a lesson at first (the contract allows one to three). */
export const FIRST_EXERCISES = 2;

/** An exercise the learner's runtimes can check: SQL by its result set, the other languages by code tests. */
export const checkable = (spec: ExerciseSpec, language: string) =>
  spec.language === language && (spec.tests.kind === 'result') === (spec.language === 'sql');

const LESSON_GONE = new JobFailure('lesson_deleted', 'The lesson was deleted.');

export function lessonExercisesHandler(deps: JobDeps): JobHandler {
  const { db, ai } = deps;
  return async (job, { signal }) => {
    const ctx = await getLessonContext(db, job.userId, job.target).catch(() => {
      throw LESSON_GONE;
    });
    const content = ctx.lesson.content;
    const kit = curatedPractice(ctx);
    const language = lessonLanguage(content, kit.domainId);
    if (!content || !language) throw new JobFailure('no_code', 'The lesson has no code to practise.');
    const needed = writingNeeded(await allExercises(db, job.target));
    if (!needed) return { result: { written: 0 } };
    const input = lessonInput(ctx);
    const base = { goal: input.goal, level: input.level, lessonTitle: input.lessonTitle, content, language };
    const tier = (await userIsPro(db, job.userId)) ? ('pro' as const) : ('free' as const);
    const rows: NewExercise[] = [];
    const row = (
      spec: ExerciseSpec,
      position: number,
      setup: string | null,
      rewrite: number,
    ): NewExercise => ({
      userId: job.userId,
      lessonId: job.target,
      position,
      source: 'model',
      spec,
      setup: language === 'sql' ? setup : null,
      status: 'unchecked',
      rewrite,
    });
    if (needed.first) {
      // a kit's tables (a lesson whose kit has none of its own exercises) are the ones to practise on
      const out = await ai.generateExercises(
        { ...base, count: FIRST_EXERCISES, setup: kit.setup },
        { signal, tier },
      );
      // the offline generator writes none outside its kits
      if (!out) return { result: { written: 0 } };
      const specs = out.data.exercises.filter((s) => checkable(s, language));
      if (specs.length === 0)
        throw new JobFailure('invalid_output', `The exercises written were not ${language} exercises.`);
      for (const [i, spec] of specs.entries()) rows.push(row(spec, i, kit.setup ?? out.data.setup, 0));
    } else {
      const setup =
        kit.setup ?? (await allExercises(db, job.target)).find((r) => r.setup !== null)?.setup ?? null;
      for (const { position, failed } of needed.rewrites) {
        const out = await ai.generateExercises({ ...base, count: 1, setup, failed }, { signal, tier });
        if (!out) return { result: { written: 0 } };
        const spec = out.data.exercises.find((s) => checkable(s, language));
        // a rewrite the runtimes cannot check is kept hidden: its place stays empty, as after a second failure
        rows.push(
          spec
            ? row(spec, position, setup, 1)
            : {
                ...row(out.data.exercises[0]!, position, setup, 1),
                hiddenAt: deps.now(),
                hiddenReason: `not a ${language} exercise the runtimes can check`,
              },
        );
      }
    }
    return {
      result: { written: rows.filter((r) => !r.hiddenAt).length, source: 'model' },
      apply: async (tx) => {
        // the lesson removed meanwhile takes nothing with it; a place filled meanwhile stays as it is
        await getLessonContext(tx, job.userId, job.target).catch(() => {
          throw LESSON_GONE;
        });
        await insertExercises(tx, rows);
      },
    };
  };
}
