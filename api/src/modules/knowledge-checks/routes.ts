import { EvaluationResultSchema } from '@mindpath/contracts/ai';
import {
  CreateAssessmentForGoalSchema,
  CreateOldStyleAssessmentSchema,
  EvaluateAssessmentSchema,
  KnowledgeAssessmentSchema,
  OldStyleKnowledgeAssessmentSchema,
  SubmitAssessmentSchema,
  SubmitResultSchema,
} from '@mindpath/contracts/assessments';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createAssessmentForDescription,
  createAssessmentForOwnGoal,
  createOldStyleAssessment,
  evaluate,
  submitAnswers,
} from './service.ts';

const IdParams = z.object({ id: z.uuid() });
const GoalParams = z.object({ goalId: z.uuid() });
const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  404: ApiErrorSchema,
  502: ApiErrorSchema,
  504: ApiErrorSchema,
};

const assessmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { onRequest: app.authenticate };
  const doc = (summary: string) => ({ tags: ['assessments'], summary, security: [{ bearer: [] }] });

  app.post(
    '/assessments/knowledge/create',
    {
      ...common,
      schema: {
        ...doc('An old-style assessment (Q:/A:–D:/Correct: lines) for the active goal or the body’s'),
        body: CreateOldStyleAssessmentSchema,
        response: { 200: OldStyleKnowledgeAssessmentSchema, ...errors },
      },
    },
    (request) => createOldStyleAssessment(app, request.userId, request.body),
  );

  app.post(
    '/assessments/knowledge/create-for-goal',
    {
      ...common,
      schema: {
        ...doc('A new-style assessment for a goal description and level'),
        body: CreateAssessmentForGoalSchema,
        response: { 200: KnowledgeAssessmentSchema, ...errors },
      },
    },
    (request) => createAssessmentForDescription(app, request.userId, request.body),
  );

  app.post(
    '/assessments/knowledge/create-for-goal/:goalId',
    {
      ...common,
      schema: {
        ...doc('A new-style assessment for one of the learner’s goals'),
        params: GoalParams,
        response: { 200: KnowledgeAssessmentSchema, ...errors },
      },
    },
    (request) => createAssessmentForOwnGoal(app, request.userId, request.params.goalId),
  );

  app.post(
    '/assessments/knowledge/:id/submit',
    {
      ...common,
      schema: {
        ...doc('Submit answers (old style {questionId, selectedOptionIndex} or new style)'),
        params: IdParams,
        body: SubmitAssessmentSchema,
        response: { 200: SubmitResultSchema, ...errors },
      },
    },
    (request) => submitAnswers(app.db, request.userId, request.params.id, request.body.answers, app.now()),
  );

  app.post(
    '/assessments/knowledge/:id/evaluate',
    {
      ...common,
      schema: {
        ...doc('Topics with recommendToComplete, scored in code'),
        params: IdParams,
        body: EvaluateAssessmentSchema,
        response: { 200: EvaluationResultSchema, ...errors },
      },
    },
    (request) => evaluate(app, request.userId, request.params.id, request.body?.userAnswers),
  );
};

/** The knowledge-checks module (a goal's knowledge assessment; the lesson quiz is lessons/assessment.ts). */
export default fp(assessmentsRoutes, {
  name: 'knowledge-checks-module',
  dependencies: ['db', 'openapi', 'auth', 'goals-module', 'users-module'],
});
