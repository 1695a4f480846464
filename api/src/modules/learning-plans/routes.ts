import { ApiErrorSchema } from '@mindpath/contracts/errors';
import { PlanLimitErrorSchema } from '@mindpath/contracts/goals';
import {
  CreateLearningPlanSchema,
  GenerationStartedSchema,
  LearningPlanSchema,
  OptimizedPlanDataSchema,
  RoadmapCompletionSchema,
} from '@mindpath/contracts/roadmaps';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { NotModified, sendTaggedJson } from '../../lib/tagged-json.ts';
import { ownerMediaSigner } from '../media/signed-url.ts';
import { readPlanData } from './plan-data.ts';
import {
  activeGoalId,
  createPlan,
  getPlan,
  getPlanOfGoal,
  listPlans,
  regenerateActive,
  regeneratePlanRoadmap,
  setCompletionStatus,
} from './service.ts';

const IdParams = z.object({ id: z.uuid() });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

const learningPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { onRequest: app.authenticate };
  // the plan's head reads the learner's row: a deleted account is 401 there, or when the active goal is
  // missing, by authenticateToken's check of a refusal
  const planRead = { onRequest: app.authenticateToken };

  /** The plan with its entity tag, or 304 when the client holds it. */
  async function sendPlan(request: FastifyRequest, reply: FastifyReply, goalId: string) {
    const plan = await readPlanData(
      app.db,
      request.log,
      request.userId,
      goalId,
      ownerMediaSigner(app, request.userId),
      app.now(),
      request.headers['if-none-match'],
    );
    return sendTaggedJson(reply, plan);
  }
  const doc = (summary: string) => ({ tags: ['learning-plans'], summary, security: [{ bearer: [] }] });

  app.get(
    '/learningplans',
    {
      ...common,
      schema: {
        ...doc("The learner's plans, newest first"),
        response: { 200: z.array(LearningPlanSchema), ...errors },
      },
    },
    (request) => listPlans(app.db, request.userId),
  );

  app.get(
    '/learningplans/:id',
    {
      ...common,
      schema: { ...doc('One plan'), params: IdParams, response: { 200: LearningPlanSchema, ...errors } },
    },
    (request) => getPlan(app.db, request.userId, request.params.id),
  );

  app.get(
    '/learningplans/user/:id',
    {
      ...common,
      schema: {
        ...doc("A user's plans (only one's own)"),
        params: IdParams,
        response: { 200: z.array(LearningPlanSchema), ...errors },
      },
    },
    (request) => {
      if (request.params.id !== request.userId) throw notFound('User not found');
      return listPlans(app.db, request.userId);
    },
  );

  app.get(
    '/learningplans/goal/:id',
    {
      ...common,
      schema: { ...doc("A goal's plan"), params: IdParams, response: { 200: LearningPlanSchema, ...errors } },
    },
    (request) => getPlanOfGoal(app.db, request.userId, request.params.id),
  );

  app.post(
    '/learningplans',
    {
      ...common,
      schema: {
        ...doc('Create a plan record; with no body, regenerate the active goal’s roadmap (a job)'),
        body: CreateLearningPlanSchema,
        response: {
          201: LearningPlanSchema,
          202: GenerationStartedSchema,
          ...errors,
          429: PlanLimitErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (!request.body) return reply.status(202).send(await regenerateActive(app, request.userId));
      return reply.status(201).send(await createPlan(app.db, request.userId, request.body));
    },
  );

  app.post(
    '/learningplans/:id/regenerate-roadmap',
    {
      ...common,
      schema: {
        ...doc("Regenerate the plan's roadmap (resets progress when ready)"),
        params: IdParams,
        response: { 202: GenerationStartedSchema, ...errors, 429: PlanLimitErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await regeneratePlanRoadmap(app, request.userId, request.params.id)),
  );

  app.put(
    '/learningplans/:id/roadmap-completion',
    {
      ...common,
      schema: {
        ...doc('Store the completion status (JSON text)'),
        params: IdParams,
        body: RoadmapCompletionSchema,
        response: { 200: LearningPlanSchema, ...errors },
      },
    },
    (request) =>
      setCompletionStatus(app.db, request.userId, request.params.id, request.body.completionStatus),
  );

  app.get(
    '/learningplan/optimized-data/:goalId',
    {
      ...planRead,
      schema: {
        ...doc('Everything the roadmap screen shows, in one round trip; If-None-Match revalidates it (304)'),
        params: z.object({ goalId: z.uuid({ error: 'Goal ID is required' }) }),
        response: { 200: OptimizedPlanDataSchema, 304: NotModified, ...errors },
      },
    },
    (request, reply) => sendPlan(request, reply, request.params.goalId),
  );

  app.get(
    '/learningplan/data',
    {
      ...planRead,
      schema: {
        ...doc('The optimized data of the active goal; If-None-Match revalidates it (304)'),
        response: { 200: OptimizedPlanDataSchema, 304: NotModified, ...errors },
      },
    },
    async (request, reply) => sendPlan(request, reply, await activeGoalId(app.db, request.userId)),
  );
};

/** The learning-plans module: its routes, after the plugins and the modules it uses. */
export default fp(learningPlansRoutes, {
  name: 'learning-plans-module',
  dependencies: ['db', 'openapi', 'auth', 'goals-module', 'roadmaps-module', 'users-module'],
});
