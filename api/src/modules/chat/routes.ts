import {
  ChatAnswerSchema,
  ChatHistoryQuerySchema,
  ChatHistorySchema,
  SendChatSchema,
} from '@mindpath/contracts/chat';
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import { PlanLimitErrorSchema } from '@mindpath/contracts/goals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AiError } from '../../ai/errors.ts';
import { openSse } from '../../lib/sse.ts';
import { PlanLimitError } from '../limits/service.ts';
import { chatFailure, chatHistory, clearHistory, prepareTurn, recordTurn, sendChat } from './service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { onRequest: app.authenticate };
  const doc = (summary: string) => ({ tags: ['chat'], summary, security: [{ bearer: [] }] });

  app.post(
    '/chat',
    {
      ...common,
      schema: {
        ...doc('Ask the AI tutor (about a lesson, or the active goal); free: 5 queries a day'),
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
          'The same, the answer streamed (text/event-stream): delta {text}, then done {response, source} or error {message, code}',
        ),
        body: SendChatSchema,
        response: { ...errors, 429: PlanLimitErrorSchema },
      },
    },
    async (request, reply) => {
      const { message } = request.body;
      const turn = await prepareTurn(app, request.userId, message, request.body.lessonId ?? null);
      const sse = openSse(reply);
      let text = '';
      try {
        const tier = turn.pro ? 'pro' : 'free';
        for await (const delta of app.ai.streamChat(turn.input, { tier, signal: sse.signal })) {
          text += delta;
          sse.send('delta', { text: delta });
        }
        const response = text.trim();
        if (!response) throw new AiError('empty_answer', 'the chat answer is empty', { task: 'chat' });
        const answer = { response, source: app.ai.provider.source };
        await recordTurn(app, request.userId, turn, message, answer);
        sse.send('done', answer);
      } catch (err) {
        if (err instanceof PlanLimitError)
          sse.send('error', { message: err.info.message, code: 'PLAN_LIMIT' });
        else if (!sse.closed) {
          const failure = chatFailure(app, err);
          sse.send('error', { message: failure.message, code: failure.code });
        }
      } finally {
        sse.close();
      }
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

export default chatRoutes;
