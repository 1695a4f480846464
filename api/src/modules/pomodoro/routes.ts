import { ApiErrorSchema } from '@mindpath/contracts/errors';
import {
  PomodoroSessionSchema,
  PomodoroSettingsSchema,
  PomodoroStatsQuerySchema,
  PomodoroStatsSchema,
  RecordPomodoroSessionSchema,
} from '@mindpath/contracts/pomodoro';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSettings, getStats, recordSession, saveSettings } from './service.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema };

const pomodoroRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { onRequest: app.authenticate };
  const doc = (summary: string, description?: string) => ({
    tags: ['pomodoro'],
    summary,
    ...(description ? { description } : {}),
    security: [{ bearer: [] }],
  });

  app.get(
    '/pomodoro/settings',
    {
      ...common,
      schema: {
        ...doc(
          'The focus timer settings',
          'Minutes (and a count of sessions); the defaults 25/5/15/4 until saved.',
        ),
        response: { 200: PomodoroSettingsSchema, ...errors },
      },
    },
    (request) => getSettings(app.db, request.userId),
  );

  app.put(
    '/pomodoro/settings',
    {
      ...common,
      schema: {
        ...doc(
          'Save the focus timer settings',
          'Bounds: focus 1-60, short break 1-30, long break 1-60, sessions 1-10.',
        ),
        body: PomodoroSettingsSchema,
        response: { 200: PomodoroSettingsSchema, ...errors },
      },
    },
    (request) => saveSettings(app.db, request.userId, request.body),
  );

  app.post(
    '/pomodoro/sessions',
    {
      ...common,
      schema: {
        ...doc(
          'Record a completed focus session',
          'Idempotent by clientId: a repeat answers 200 with the session first recorded. lessonId: the lesson ' +
            "open when focus started; one that is not the learner's is left out.",
        ),
        body: RecordPomodoroSessionSchema,
        response: { 200: PomodoroSessionSchema, 201: PomodoroSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { session, created } = await recordSession(app.db, request.userId, request.body);
      return reply.status(created ? 201 : 200).send(session);
    },
  );

  app.get(
    '/pomodoro/stats',
    {
      ...common,
      schema: {
        ...doc(
          'Focus statistics',
          'Minutes today, this week (from Monday), per day of the last 84 days, per goal and per lesson; ' +
            'sessions; the streak of days with focus. Days are those of timeZone (IANA, UTC by default).',
        ),
        querystring: PomodoroStatsQuerySchema,
        response: { 200: PomodoroStatsSchema, ...errors },
      },
    },
    (request) => getStats(app.db, request.userId, request.query.timeZone, app.now()),
  );
};

/** The pomodoro module: its routes, after the plugins and the modules it uses. */
export default fp(pomodoroRoutes, { name: 'pomodoro-module', dependencies: ['db', 'openapi', 'auth'] });
