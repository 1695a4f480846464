import { ApiErrorSchema } from '@mindpath/contracts/errors';
import {
  CalendarFeedSchema,
  PlanScheduleSchema,
  ScheduleSettingsSchema,
  TodayPlanSchema,
} from '@mindpath/contracts/schedule';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { findOwnGoalSchedule } from './repository.ts';
import {
  clearSchedule,
  feedCalendar,
  getFeed,
  getPlanSchedule,
  goalCalendar,
  renewFeed,
  revokeFeed,
  saveSchedule,
  todayPlan,
} from './service.ts';

const GoalParams = z.object({ goalId: z.uuid() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const appUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const sendCalendar = (reply: FastifyReply, ics: string, file: string | null) => {
  reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store');
  if (file) reply.header('content-disposition', `attachment; filename="${file}"`);
  return reply.send(ics);
};

const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { onRequest: app.authenticate };
  const doc = (summary: string, description?: string) => ({
    tags: ['schedule'],
    summary,
    ...(description ? { description } : {}),
    security: [{ bearer: [] }],
  });

  app.get(
    '/schedule/goal/:goalId',
    {
      ...common,
      schema: {
        ...doc(
          "A goal's schedule and each lesson's planned day",
          'settings null when none is set. Lessons behind: planned before today (the time zone of the schedule) and not completed.',
        ),
        params: GoalParams,
        response: { 200: PlanScheduleSchema, ...errors },
      },
    },
    (request) => getPlanSchedule(app.db, request.userId, request.params.goalId, app.now()),
  );

  app.put(
    '/schedule/goal/:goalId',
    {
      ...common,
      // another learner's goal is a 404 before its body is looked at: a bad body tells nothing of it
      preValidation: async (request: FastifyRequest) => {
        const { goalId } = request.params as { goalId?: unknown };
        if (
          typeof goalId === 'string' &&
          UUID.test(goalId) &&
          !(await findOwnGoalSchedule(app.db, request.userId, goalId))
        )
          throw notFound('Goal not found');
      },
      schema: {
        ...doc(
          "Set a goal's schedule",
          'Hours a week (0.5-80, in half hours) or a target date from today on, never both; study days 0 (Monday) to 6; the session time HH:MM and an IANA time zone. The rest of the plan is planned from today.',
        ),
        params: GoalParams,
        body: ScheduleSettingsSchema,
        response: { 200: PlanScheduleSchema, ...errors },
      },
    },
    (request) => saveSchedule(app.db, request.userId, request.params.goalId, request.body, app.now()),
  );

  app.delete(
    '/schedule/goal/:goalId',
    {
      ...common,
      schema: {
        ...doc("Clear a goal's schedule"),
        params: GoalParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await clearSchedule(app.db, request.userId, request.params.goalId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/schedule/goal/:goalId/calendar.ics',
    {
      ...common,
      schema: {
        ...doc("A goal's planned study sessions as an iCalendar file (text/calendar), to download"),
        params: GoalParams,
        response: errors,
      },
    },
    async (request, reply) =>
      sendCalendar(
        reply,
        await goalCalendar(app.db, request.userId, request.params.goalId, app.now(), appUrl(request)),
        'mindpath-study-plan.ics',
      ),
  );

  app.get(
    '/schedule/today',
    {
      ...common,
      schema: {
        ...doc("What the active goal's schedule plans for today"),
        response: { 200: TodayPlanSchema, ...errors },
      },
    },
    (request) => todayPlan(app.db, request.userId, app.now()),
  );

  app.get(
    '/schedule/feed',
    {
      ...common,
      schema: {
        ...doc('The calendar feed’s secret URL, null when off'),
        response: { 200: CalendarFeedSchema, ...errors },
      },
    },
    (request) => getFeed(app.db, request.userId, appUrl(request)),
  );

  app.post(
    '/schedule/feed',
    {
      ...common,
      schema: {
        ...doc('Turn the calendar feed on, or give it a new URL', 'The old URL stops working at once.'),
        response: { 200: CalendarFeedSchema, ...errors },
      },
    },
    (request) => renewFeed(app.db, request.userId, appUrl(request)),
  );

  app.delete(
    '/schedule/feed',
    {
      ...common,
      schema: { ...doc('Turn the calendar feed off'), response: { 200: CalendarFeedSchema, ...errors } },
    },
    (request) => revokeFeed(app.db, request.userId),
  );

  app.get(
    '/calendar/:file',
    {
      schema: {
        tags: ['schedule'],
        summary:
          "A learner's calendar feed (text/calendar) for calendar apps to subscribe to: every scheduled goal's study sessions. The secret in the URL is the only key; a turned-off one answers 404",
        security: [{}],
        params: z.object({ file: z.string().max(80) }),
        response: { 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const token = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(request.params.file)?.[1];
      if (!token) throw notFound('Not found');
      return sendCalendar(reply, await feedCalendar(app.db, token, app.now(), appUrl(request)), null);
    },
  );
};

/** The schedule module: its routes, after the plugins it uses. */
export default fp(scheduleRoutes, { name: 'schedule-module', dependencies: ['db', 'openapi', 'auth'] });
