// The roadmap-shares module: the owner's link of a goal (GET/PUT/DELETE /goals/{goalId}/share), the public
// read of a link (GET /shares/{slug}, no token) and a learner's copy of it (POST /shares/{slug}/copy).
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import { PlanLimitErrorSchema } from '@mindpath/contracts/goals';
import {
  RoadmapCopySchema,
  RoadmapShareSchema,
  SharedRoadmapSchema,
  ShareSettingsSchema,
  ShareSlugParamSchema,
} from '@mindpath/contracts/roadmap-shares';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownerMediaSigner } from '../media/signed-url.ts';
import { copySharedRoadmap, getShare, readSharedRoadmap, revokeShare, setShare } from './service.ts';

const GoalParams = z.object({ goalId: z.uuid() });
// any text: a link that is not one (mistyped, cut short) is a link that leads nowhere, 404 like a revoked one
const SlugParams = z.object({ slug: ShareSlugParamSchema });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

const roadmapSharesRoutes: FastifyPluginAsyncZod = async (app) => {
  const common = { onRequest: app.authenticate };
  const doc = (summary: string, description: string) => ({
    tags: ['roadmap-shares'],
    summary,
    description,
    security: [{ bearer: [] }],
  });

  app.get(
    '/goals/:goalId/share',
    {
      ...common,
      schema: {
        ...doc("A goal's public link", 'null while the roadmap is not shared (sharing is off by default).'),
        params: GoalParams,
        response: { 200: RoadmapShareSchema.nullable(), ...errors },
      },
    },
    (request) => getShare(app.db, request.userId, request.params.goalId),
  );

  app.put(
    '/goals/:goalId/share',
    {
      ...common,
      schema: {
        ...doc(
          "Share a goal's roadmap by a read-only public link",
          'Makes the link (a random 128-bit slug) or, when it exists, keeps it and sets showProgress: whether visitors see which lessons are completed.',
        ),
        params: GoalParams,
        body: ShareSettingsSchema,
        response: { 200: RoadmapShareSchema, ...errors },
      },
    },
    (request) => setShare(app.db, request.userId, request.params.goalId, request.body.showProgress),
  );

  app.delete(
    '/goals/:goalId/share',
    {
      ...common,
      schema: {
        ...doc(
          'Stop sharing a roadmap',
          'The link is deleted: it answers 404 from now on; sharing again makes a new one. Idempotent.',
        ),
        params: GoalParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeShare(app.db, request.userId, request.params.goalId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/shares/:slug',
    {
      schema: {
        tags: ['roadmap-shares'],
        summary: 'A shared roadmap, as anyone with the link reads it (no token)',
        description:
          'The goal, its level, its sections with their lesson titles, and the owner’s progress only when they chose to show it; never notes, scores, chats or lesson content. 404 for an unknown or revoked link.',
        params: SlugParams,
        response: { 200: SharedRoadmapSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    (request) => readSharedRoadmap(app.db, request.params.slug),
  );

  app.post(
    '/shares/:slug/copy',
    {
      ...common,
      schema: {
        ...doc(
          'Use a shared roadmap: copy it as a goal of your own',
          'A new active goal with the same sections and lesson titles (lesson content is written for the learner when opened); counted as a goal creation, so the plan’s limits answer 429.',
        ),
        params: SlugParams,
        response: { 201: RoadmapCopySchema, ...errors, 429: PlanLimitErrorSchema },
      },
    },
    async (request, reply) => {
      const sign = ownerMediaSigner(app, request.userId);
      const copy = await copySharedRoadmap(app.db, request.userId, request.params.slug, app.now(), sign);
      return reply.status(201).send(copy);
    },
  );
};

export default fp(roadmapSharesRoutes, {
  name: 'roadmap-shares-module',
  dependencies: ['db', 'openapi', 'auth', 'goals-module'],
});
