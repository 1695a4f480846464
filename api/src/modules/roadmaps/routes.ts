import { ApiErrorSchema } from '@mindpath/contracts/errors';
import { PlanLimitErrorSchema } from '@mindpath/contracts/goals';
import {
  AddLessonSchema,
  AddSectionSchema,
  CompletionSchema,
  GenerateLessonsSchema,
  GenerateRoadmapSchema,
  GenerationStartedSchema,
  GenerationStatusSchema,
  LessonSuggestionSchema,
  MoveLessonSchema,
  MoveSectionSchema,
  PlanEditResultSchema,
  PlanEditsSchema,
  PlanLessonSchema,
  RemovePlanItemQuerySchema,
  RenameLessonSchema,
  RenameSectionSchema,
  RestorePlanVersionSchema,
  RoadmapSchema,
  RoadmapWithLessonsSchema,
  SuggestLessonSchema,
  UndoPlanEditSchema,
} from '@mindpath/contracts/roadmaps';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { WaitQuerySchema } from '../jobs/routes.ts';
import { waitForJob } from '../jobs/service.ts';
import {
  addLesson,
  addSection,
  listPlanEdits,
  moveLesson,
  moveSection,
  removeLesson,
  removeSection,
  renameLesson,
  renameSection,
  restoreVersion,
  undoLastEdit,
} from './edits.ts';
import { roadmapHandler, sectionLessonsHandler } from './jobs.ts';
import {
  attachToGoal,
  deleteAllOfGoal,
  detachFromGoal,
  getOwnRoadmapRow,
  listForGoal,
  ROADMAP_JOB,
  roadmapGenerationStatus,
  SECTION_LESSONS_JOB,
  sectionLessons,
  sectionWithLessons,
  setLessonCompletion,
  setRoadmapCompletion,
  startRoadmapGeneration,
  startSectionLessons,
  toRoadmap,
} from './service.ts';
import { suggestLesson } from './suggestions.ts';

const IdParams = z.object({ id: z.uuid() });
const GoalParams = z.object({ goalId: z.uuid() });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

const roadmapsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.handle(ROADMAP_JOB, roadmapHandler(app));
  app.jobs.handle(SECTION_LESSONS_JOB, sectionLessonsHandler(app));
  const common = { onRequest: app.authenticate };
  const doc = (summary: string) => ({ tags: ['roadmaps'], summary, security: [{ bearer: [] }] });

  app.get(
    '/roadmaps/:id',
    {
      ...common,
      schema: {
        ...doc('One roadmap section'),
        params: IdParams,
        response: { 200: RoadmapSchema, ...errors },
      },
    },
    async (request) => toRoadmap(await getOwnRoadmapRow(app.db, request.userId, request.params.id)),
  );

  app.get(
    '/roadmaps/goal/:goalId',
    {
      ...common,
      schema: {
        ...doc("A goal's sections, in order"),
        params: GoalParams,
        response: { 200: z.array(RoadmapSchema), ...errors },
      },
    },
    (request) => listForGoal(app.db, request.userId, request.params.goalId),
  );

  app.get(
    '/roadmaps/goal/:goalId/generation',
    {
      ...common,
      schema: {
        ...doc('Is the roadmap generating? (waitMs: wait for it to finish)'),
        params: GoalParams,
        querystring: WaitQuerySchema,
        response: { 200: GenerationStatusSchema, ...errors },
      },
    },
    async (request) => {
      const read = () => roadmapGenerationStatus(app.db, request.userId, request.params.goalId);
      let status = await read();
      if (status.isGenerating && request.query.waitMs > 0) {
        await waitForJob(
          async () => {
            status = await read();
            return status.job;
          },
          request.query.waitMs,
          { signals: app.jobs.signals, first: status.job },
        );
      }
      return status;
    },
  );

  app.get(
    '/roadmaps/:id/items',
    {
      ...common,
      schema: {
        ...doc("A section's lessons"),
        params: IdParams,
        response: { 200: z.array(PlanLessonSchema), ...errors },
      },
    },
    (request) => sectionLessons(app.db, request.userId, request.params.id),
  );

  app.get(
    '/roadmaps/:id/with-lessons',
    {
      ...common,
      schema: {
        ...doc('A section with its lessons'),
        params: IdParams,
        response: { 200: RoadmapWithLessonsSchema, ...errors },
      },
    },
    (request) => sectionWithLessons(app.db, request.userId, request.params.id),
  );

  app.post(
    '/roadmaps/:userId/:goalId',
    {
      ...common,
      schema: {
        ...doc(
          "Generate the roadmap of a goal as a job (joins the one under way); plan limits answer 429. From the goal's material (`fromMaterial`, or as its last roadmap was built), its sections and lessons follow the sources' chapters and headings; without a ready source: 400",
        ),
        params: z.object({ userId: z.uuid(), goalId: z.uuid() }),
        body: GenerateRoadmapSchema,
        response: { 202: GenerationStartedSchema, ...errors, 429: PlanLimitErrorSchema },
      },
    },
    async (request, reply) => {
      // only the caller's own user id is accepted; another's reads as not found
      if (request.params.userId !== request.userId) throw notFound('Goal not found');
      const topics = request.body?.SelectedTopics ?? request.body?.selectedTopics ?? [];
      const started = await startRoadmapGeneration(
        app,
        request.userId,
        request.params.goalId,
        topics,
        null,
        request.body?.fromMaterial,
      );
      return reply.status(202).send(started);
    },
  );

  app.put(
    '/roadmaps/items/:id/completion',
    {
      ...common,
      schema: {
        ...doc("Toggle (or set) a lesson's completion; its section is completed once all its lessons are"),
        params: IdParams,
        body: CompletionSchema,
        response: { 200: PlanLessonSchema, ...errors },
      },
    },
    (request) => setLessonCompletion(app.db, request.userId, request.params.id, request.body?.isCompleted),
  );

  app.put(
    '/roadmaps/:id/completion',
    {
      ...common,
      schema: {
        ...doc("Toggle (or set) a section's completion with its lessons'"),
        params: IdParams,
        body: CompletionSchema,
        response: { 200: RoadmapSchema, ...errors },
      },
    },
    (request) => setRoadmapCompletion(app.db, request.userId, request.params.id, request.body?.isCompleted),
  );

  // the plan editor: each edit names the plan's edit version it was made on (409 when another tab edited since)
  const editErrors = { ...errors, 409: ApiErrorSchema };
  app.put(
    '/roadmaps/:id',
    {
      ...common,
      schema: {
        ...doc("Rename a section of the learner's plan (recorded, can be undone)"),
        params: IdParams,
        body: RenameSectionSchema,
        response: { 200: PlanEditResultSchema, ...editErrors },
      },
    },
    (request) => renameSection(app, request.userId, request.params.id, request.body),
  );

  app.put(
    '/roadmaps/items/:id',
    {
      ...common,
      schema: {
        ...doc("Rename a lesson of the learner's plan (recorded, can be undone)"),
        params: IdParams,
        body: RenameLessonSchema,
        response: { 200: PlanEditResultSchema, ...editErrors },
      },
    },
    (request) => renameLesson(app, request.userId, request.params.id, request.body),
  );

  app.post(
    '/roadmaps/items/:id/move',
    {
      ...common,
      schema: {
        ...doc(
          'Move a lesson to a place in its section or another section of its goal (recorded, can be undone)',
        ),
        params: IdParams,
        body: MoveLessonSchema,
        response: { 200: PlanEditResultSchema, ...editErrors },
      },
    },
    (request) => moveLesson(app, request.userId, request.params.id, request.body),
  );

  app.post(
    '/roadmaps/:id/move',
    {
      ...common,
      schema: {
        ...doc("Move a section to a place among its goal's sections (recorded, can be undone)"),
        params: IdParams,
        body: MoveSectionSchema,
        response: { 200: PlanEditResultSchema, ...editErrors },
      },
    },
    (request) => moveSection(app, request.userId, request.params.id, request.body),
  );

  app.post(
    '/roadmaps/goal/:goalId/sections',
    {
      ...common,
      schema: {
        ...doc("Add an empty section to a goal's plan, its lessons to generate (recorded, can be undone)"),
        params: GoalParams,
        body: AddSectionSchema,
        response: { 200: PlanEditResultSchema, ...editErrors },
      },
    },
    (request) => addSection(app, request.userId, request.params.goalId, request.body),
  );

  app.post(
    '/roadmaps/:id/items',
    {
      ...common,
      schema: {
        ...doc(
          'Add a lesson by its title to a section; its content is generated when opened (can be undone)',
        ),
        params: IdParams,
        body: AddLessonSchema,
        response: { 200: PlanEditResultSchema, ...editErrors },
      },
    },
    (request) => addLesson(app, request.userId, request.params.id, request.body),
  );

  app.post(
    '/roadmaps/:id/suggestion',
    {
      ...common,
      schema: {
        ...doc(
          'Suggest a lesson for a section and where it fits (the AI, offline or a model); nothing is added. Counts as a lesson generation: free plans answer 429 past 1 per 24 hours',
        ),
        params: IdParams,
        body: SuggestLessonSchema,
        response: { 200: LessonSuggestionSchema, ...errors, 429: PlanLimitErrorSchema },
      },
    },
    (request) => suggestLesson(app, request.userId, request.params.id, request.body?.exclude ?? []),
  );

  app.delete(
    '/roadmaps/items/:id',
    {
      ...common,
      schema: {
        ...doc(
          'Remove a lesson from the plan; its notes and focus time stay, its review cards are suspended (can be undone)',
        ),
        params: IdParams,
        querystring: RemovePlanItemQuerySchema,
        response: { 200: PlanEditResultSchema, ...editErrors },
      },
    },
    (request) => removeLesson(app, request.userId, request.params.id, request.query.version),
  );

  app.delete(
    '/roadmaps/:id',
    {
      ...common,
      schema: {
        ...doc(
          "Remove a section with its lessons (kept as a lesson's removal keeps them; can be undone); a plan keeps one",
        ),
        params: IdParams,
        querystring: RemovePlanItemQuerySchema,
        response: { 200: PlanEditResultSchema, ...editErrors },
      },
    },
    (request) => removeSection(app, request.userId, request.params.id, request.query.version),
  );

  app.get(
    '/roadmaps/goal/:goalId/edits',
    {
      ...common,
      schema: {
        ...doc("The edits of a goal's plan, newest first, and its edit version"),
        params: GoalParams,
        response: { 200: PlanEditsSchema, ...errors },
      },
    },
    (request) => listPlanEdits(app.db, request.userId, request.params.goalId),
  );

  app.post(
    '/roadmaps/goal/:goalId/edits/undo',
    {
      ...common,
      schema: {
        ...doc("Undo the newest edit of a goal's plan not yet undone"),
        params: GoalParams,
        body: UndoPlanEditSchema,
        response: { 200: PlanEditResultSchema, ...editErrors },
      },
    },
    (request) => undoLastEdit(app, request.userId, request.params.goalId, request.body.version),
  );

  app.post(
    '/roadmaps/goal/:goalId/edits/restore',
    {
      ...common,
      schema: {
        ...doc(
          "Restore a goal's plan to an earlier version: every edit after version `to` taken back (0: as generated), as one edit that Undo takes back",
        ),
        params: GoalParams,
        body: RestorePlanVersionSchema,
        response: { 200: PlanEditResultSchema, ...editErrors },
      },
    },
    (request) => restoreVersion(app, request.userId, request.params.goalId, request.body),
  );

  app.put(
    '/roadmaps/:id/goal/:goalId',
    {
      ...common,
      schema: {
        ...doc('Attach a section to a goal (at the end)'),
        params: z.object({ id: z.uuid(), goalId: z.uuid() }),
        response: { 200: RoadmapSchema, ...errors },
      },
    },
    (request) => attachToGoal(app.db, request.userId, request.params.id, request.params.goalId),
  );

  app.put(
    '/roadmaps/:id/remove-goal',
    {
      ...common,
      schema: {
        ...doc('Detach a section from its goal'),
        params: IdParams,
        response: { 200: RoadmapSchema, ...errors },
      },
    },
    (request) => detachFromGoal(app.db, request.userId, request.params.id),
  );

  app.delete(
    '/roadmaps/deleteAll/:goalId',
    {
      ...common,
      schema: {
        ...doc("Delete a goal's whole roadmap"),
        params: GoalParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteAllOfGoal(app.db, request.userId, request.params.goalId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/roadmaps/:id/generate-lessons',
    {
      ...common,
      schema: {
        ...doc('Generate the lessons of a section that has none, as a job'),
        params: IdParams,
        body: GenerateLessonsSchema,
        response: { 202: GenerationStartedSchema, ...errors, 409: ApiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await startSectionLessons(app, request.userId, request.params.id)),
  );
};

/** The roadmaps module: its routes, after the plugins and the modules it uses. */
export default fp(roadmapsRoutes, {
  name: 'roadmaps-module',
  dependencies: ['db', 'openapi', 'auth', 'jobs', 'goals-module'],
});
