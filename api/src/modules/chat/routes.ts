import {
  ChatAnswerSchema,
  ChatHistoryQuerySchema,
  ChatHistorySchema,
  SendChatSchema,
} from '@mindpath/contracts/chat';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import { PlanLimitErrorSchema } from '@mindpath/contracts/goals';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openSse } from '../../lib/sse.ts';
import { CHAT_ANSWER_JOB, chatAnswerHandler, startAnswer } from './answer-job.ts';
import { chatHistory, clearHistory, sendChat } from './service.ts';
import { assertOwnTurn, followAnswer } from './stream.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.handle(CHAT_ANSWER_JOB, chatAnswerHandler(app));
  const common = { onRequest: app.authenticate };
  const doc = (summary: string) => ({ tags: ['chat'], summary, security: [{ bearer: [] }] });

  app.post(
    '/chat',
    {
      ...common,
      schema: {
        ...doc(
          "Ask the AI tutor (about a lesson, or the active goal); free: 5 queries a day. About a lesson of a goal with a ready source, the answer comes from the learner's material (the goal's passages, their notes, the lesson), its [n] markers named by citations, or is 'I could not find this in your material.'",
        ),
        body: SendChatSchema,
        response: {
          200: ChatAnswerSchema,
          ...errors,
          429: PlanLimitErrorSchema,
          502: ApiErrorSchema,
          504: ApiErrorSchema,
        },
      },
    },
    (request) => sendChat(app, request.userId, request.body),
  );

  app.post(
    '/chat/stream',
    {
      ...common,
      schema: {
        ...doc(
          'The same, the answer streamed (text/event-stream): turn {id}, delta {text, reset}, then done {response, source, citations} or error {message, code}',
        ),
        body: SendChatSchema,
        response: { ...errors, 429: PlanLimitErrorSchema },
      },
    },
    async (request, reply) => {
      const { message, lessonId } = request.body;
      const turnId = await startAnswer(app, request.userId, message, lessonId ?? null);
      await followAnswer(app, turnId, openSse(reply));
    },
  );

  app.get(
    '/chat/stream/:id',
    {
      ...common,
      schema: {
        ...doc(
          "A streamed answer followed again by its turn's id (a cut stream resumes from any instance): the same events",
        ),
        params: z.object({ id: z.uuid() }),
        response: errors,
      },
    },
    async (request, reply) => {
      await assertOwnTurn(app, request.userId, request.params.id);
      await followAnswer(app, request.params.id, openSse(reply));
    },
  );

  app.get(
    '/chat/history',
    {
      ...common,
      schema: {
        ...doc('A page of a conversation (skip counts back from the newest; messages oldest first)'),
        querystring: ChatHistoryQuerySchema,
        response: { 200: ChatHistorySchema, ...errors },
      },
    },
    (request) => chatHistory(app, request.userId, request.query),
  );

  app.delete(
    '/chat/history',
    {
      ...common,
      schema: {
        ...doc("Delete a conversation (a lesson's, or the general one)"),
        querystring: z.object({ lessonId: z.uuid().optional() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await clearHistory(app, request.userId, request.query.lessonId ?? null);
      return reply.status(204).send(null);
    },
  );
};

/** The chat module: its routes, after the plugins and the modules it uses. */
export default fp(chatRoutes, {
  name: 'chat-module',
  dependencies: ['db', 'openapi', 'auth', 'jobs', 'goals-module'],
});
