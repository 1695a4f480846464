import { PrerequisitesResultSchema } from '@mindpath/contracts/ai';
import { KnowledgeAssessmentSchema } from '@mindpath/contracts/assessments';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import {
  CreateGoalSchema,
  GoalSchema,
  PlanLimitErrorSchema,
  PrerequisiteRequestSchema,
  UpdateGoalSchema,
} from '@mindpath/contracts/goals';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createAssessmentForOwnGoal, modelTier } from '../knowledge-checks/service.ts';
import { ownerMediaSigner } from '../media/signed-url.ts';
import {
  createGoal,
  editGoal,
  generateGoalImage,
  getActiveGoal,
  getGoal,
  goalText,
  listGoals,
  removeGoal,
  setActiveGoal,
} from './service.ts';

const IdParams = z.object({ id: z.uuid() });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

const goalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { onRequest: app.authenticate };
  const doc = (summary: string) => ({ tags: ['goals'], summary, security: [{ bearer: [] }] });

  app.get(
    '/goals',
    {
      ...common,
      schema: {
        ...doc("The learner's goals, newest first"),
        response: { 200: z.array(GoalSchema), ...errors },
      },
    },
    (request) => listGoals(app.db, request.userId, ownerMediaSigner(app, request.userId)),
  );

  app.get(
    '/goals/active',
    {
      ...common,
      schema: { ...doc('The active goal (404 when none)'), response: { 200: GoalSchema, ...errors } },
    },
    (request) => getActiveGoal(app.db, request.userId, ownerMediaSigner(app, request.userId)),
  );

  app.get(
    '/goals/:id',
    { ...common, schema: { ...doc('One goal'), params: IdParams, response: { 200: GoalSchema, ...errors } } },
    (request) => getGoal(app.db, request.userId, request.params.id, ownerMediaSigner(app, request.userId)),
  );

  app.post(
    '/goals',
    {
      ...common,
      schema: {
        ...doc('Create a goal (it becomes the active goal); plan limits answer 429'),
        body: CreateGoalSchema,
        response: { 201: GoalSchema, ...errors, 429: PlanLimitErrorSchema },
      },
    },
    async (request, reply) => {
      const sign = ownerMediaSigner(app, request.userId);
      const goal = await createGoal(app.db, request.userId, request.body, app.now(), sign);
      return reply.status(201).send(goal);
    },
  );

  app.put(
    '/goals/:id',
    {
      ...common,
      schema: {
        ...doc('Edit a goal'),
        params: IdParams,
        body: UpdateGoalSchema,
        response: { 200: GoalSchema, ...errors },
      },
    },
    (request) =>
      editGoal(
        app.db,
        request.userId,
        request.params.id,
        request.body,
        ownerMediaSigner(app, request.userId),
      ),
  );

  app.put(
    '/goals/:id/set-active',
    {
      ...common,
      schema: {
        ...doc('Make a goal the active one'),
        params: IdParams,
        response: { 200: GoalSchema, ...errors },
      },
    },
    (request) =>
      setActiveGoal(app.db, request.userId, request.params.id, ownerMediaSigner(app, request.userId)),
  );

  app.delete(
    '/goals/:id',
    {
      ...common,
      schema: {
        ...doc('Delete a goal and its roadmap'),
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeGoal(app.db, request.userId, request.params.id, app.media);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/goals/prerequisite-courses',
    {
      ...common,
      schema: {
        ...doc('Goals worth doing first'),
        body: PrerequisiteRequestSchema,
        response: { 200: PrerequisitesResultSchema, ...errors, 502: ApiErrorSchema },
      },
    },
    async (request) => {
      const { data } = await app.ai.generatePrerequisites(
        { goal: goalText(request.body.goal), level: request.body.level },
        { tier: await modelTier(app.db, request.userId) },
      );
      return data;
    },
  );

  app.post(
    '/goals/:id/generate-image',
    {
      ...common,
      schema: {
        ...doc("Make the goal's image (an SVG illustration); imageUrl is its owner's signed /api/media URL"),
        params: IdParams,
        response: { 200: GoalSchema, ...errors },
      },
    },
    (request) =>
      generateGoalImage(
        app.db,
        { store: app.media, images: app.config.images, log: request.log },
        request.userId,
        request.params.id,
        ownerMediaSigner(app, request.userId),
      ),
  );

  app.post(
    '/goals/:id/knowledge-assessment',
    {
      ...common,
      schema: {
        ...doc('A knowledge assessment for the goal (new style)'),
        params: IdParams,
        response: { 200: KnowledgeAssessmentSchema, ...errors, 502: ApiErrorSchema },
      },
    },
    (request) => createAssessmentForOwnGoal(app, request.userId, request.params.id),
  );
};

/** The goals module: its routes, after the plugins and the modules it uses. */
export default fp(goalsRoutes, { name: 'goals-module', dependencies: ['db', 'openapi', 'auth'] });
