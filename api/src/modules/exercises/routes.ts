import { ApiErrorSchema } from '@mindpath/contracts/errors';
import {
  AttemptBodySchema,
  ExerciseSchema,
  LessonPracticeSchema,
  UnverifiedBodySchema,
} from '@mindpath/contracts/exercises';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { lessonExercisesHandler } from './job.ts';
import {
  EXERCISE_NOT_FOUND,
  getPractice,
  isOwnExercise,
  LESSON_EXERCISES_JOB,
  recordAttempt,
  reportUnverified,
} from './service.ts';

const IdParams = z.object({ id: z.uuid() });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const exercisesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.handle(LESSON_EXERCISES_JOB, lessonExercisesHandler(app));
  const common = { onRequest: app.authenticate };
  // another learner's exercise is a 404 before the body is looked at: a bad body tells nothing of it
  const ownExercise = {
    preValidation: async (request: FastifyRequest) => {
      const { id } = request.params as { id?: unknown };
      if (typeof id === 'string' && UUID.test(id) && !(await isOwnExercise(app.db, request.userId, id)))
        throw notFound(EXERCISE_NOT_FOUND);
    },
  };
  const doc = (summary: string, description?: string) => ({
    tags: ['exercises'],
    summary,
    ...(description ? { description } : {}),
    security: [{ bearer: [] }],
  });

  app.get(
    '/lessons/:id/practice',
    {
      ...common,
      schema: {
        ...doc(
          "A lesson's practice: the SQL of its tables and its exercises with the learner's results",
          "A curated lesson's exercises come from its kit; another programming lesson's are written once by the model (isGenerating while they are); a lesson without a runnable language has none. A model's exercise (status unchecked) is shown once the browser has run its solution against its tests.",
        ),
        params: IdParams,
        response: { 200: LessonPracticeSchema, ...errors },
      },
    },
    (request) => getPractice(app, request.userId, request.params.id),
  );

  app.post(
    '/exercises/:id/attempts',
    {
      ...common,
      ...ownExercise,
      schema: {
        ...doc(
          'Record a checked attempt at an exercise',
          'As the browser ran it; one failed, or solved with the solution shown, becomes a "Solve again" review card.',
        ),
        params: IdParams,
        body: AttemptBodySchema,
        response: { 200: ExerciseSchema, ...errors },
      },
    },
    (request) => recordAttempt(app, request.userId, request.params.id, request.body),
  );

  app.post(
    '/exercises/:id/unverified',
    {
      ...common,
      ...ownExercise,
      schema: {
        ...doc(
          "A model exercise's solution failed its tests in the browser",
          'The exercise is hidden and written again once; answers the lesson’s practice as it now is.',
        ),
        params: IdParams,
        body: UnverifiedBodySchema,
        response: { 200: LessonPracticeSchema, ...errors },
      },
    },
    (request) => reportUnverified(app, request.userId, request.params.id, request.body.message),
  );
};

/** The exercises module: its routes and job, after the plugins and the modules it uses. */
export default fp(exercisesRoutes, {
  name: 'exercises-module',
  dependencies: ['db', 'openapi', 'auth', 'jobs', 'lessons-module', 'reviews-module'],
});
