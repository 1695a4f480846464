import { ApiErrorSchema } from '@mindpath/contracts/errors';
import { PlanLimitErrorSchema } from '@mindpath/contracts/goals';
import {
  AssessmentGenerationSchema,
  AssessmentStatusSchema,
  AudioResultSchema,
  CompleteLessonSchema,
  ContentGenerationSchema,
  ContentStatusSchema,
  ImageResultSchema,
  LessonAssessmentSchema,
  LessonSchema,
  NextLessonSchema,
  SubmitAssessmentSchema,
  SubmitResultSchema,
} from '@mindpath/contracts/lessons';
import {
  LessonVersionContentSchema,
  LessonVersionsSchema,
  RegenerateLessonResultSchema,
  RegenerateLessonSchema,
  RegenerateRemainingResultSchema,
  RestoreLessonVersionResultSchema,
} from '@mindpath/contracts/lessons-versions';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openSse } from '../../lib/sse.ts';
import { WaitQuerySchema } from '../jobs/routes.ts';
import { waitForJob } from '../jobs/service.ts';
import type { JobSignals } from '../jobs/signals.ts';
import {
  assessmentStatus,
  getAssessment,
  startAssessmentGeneration,
  submitAssessment,
} from './assessment.ts';
import { lessonAssessmentHandler, lessonContentHandler } from './jobs.ts';
import { generateLessonAudio, generateLessonImage, getLessonAudio, lessonMediaSweepTask } from './media.ts';
import {
  assertLessonOpen,
  completeLesson,
  contentStatus,
  getLesson,
  getLessonContext,
  LESSON_ASSESSMENT_JOB,
  LESSON_CONTENT_JOB,
  nextLesson,
  startContentGeneration,
} from './service.ts';
import { followContent } from './stream.ts';
import {
  getVersion,
  getVersions,
  regenerateRemaining,
  restoreVersion,
  startRegeneration,
} from './versions.ts';

const IdParams = z.object({ id: z.uuid() });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };
const limited = { 429: PlanLimitErrorSchema };

/** Reads a status until its job is no longer live or waitMs passes (the spec's "wait for generation"). */
async function waitStatus<T extends { isGenerating: boolean; job: { status: string } | null }>(
  read: () => Promise<T>,
  waitMs: number,
  signals: JobSignals,
): Promise<T> {
  let status = await read();
  if (status.isGenerating && waitMs > 0) {
    await waitForJob(
      async () => {
        status = await read();
        return status.job as never;
      },
      waitMs,
      { signals, first: status.job as never },
    );
  }
  return status;
}

const lessonsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.jobs.handle(LESSON_CONTENT_JOB, lessonContentHandler(app));
  app.jobs.handle(LESSON_ASSESSMENT_JOB, lessonAssessmentHandler(app));
  const common = { onRequest: app.authenticate };
  const doc = (summary: string) => ({ tags: ['lessons'], summary, security: [{ bearer: [] }] });

  app.jobs.periodic.add(lessonMediaSweepTask(app.db, app.media));

  app.get(
    '/lessons/:id',
    {
      ...common,
      schema: {
        ...doc('A lesson: content (withheld while the free plan gate holds, see limit), media, links'),
        params: IdParams,
        response: { 200: LessonSchema, ...errors },
      },
    },
    (request) => getLesson(app, request.userId, request.params.id),
  );

  app.post(
    '/lessons/:id/generate-content',
    {
      ...common,
      schema: {
        ...doc(
          'Generate the content as a job (joins the one under way; a lesson with content answers 200); free: 1 lesson per 24 h',
        ),
        params: IdParams,
        response: { 200: ContentGenerationSchema, 202: ContentGenerationSchema, ...errors, ...limited },
      },
    },
    async (request, reply) => {
      const out = await startContentGeneration(app, request.userId, request.params.id);
      return reply.status(out.job ? 202 : 200).send(out);
    },
  );

  app.get(
    '/lessons/:id/content-status',
    {
      ...common,
      schema: {
        ...doc('Is the content generating? (waitMs: wait for it to finish)'),
        params: IdParams,
        querystring: WaitQuerySchema,
        response: { 200: ContentStatusSchema, ...errors },
      },
    },
    (request) =>
      waitStatus(
        () => contentStatus(app.db, request.userId, request.params.id),
        request.query.waitMs,
        app.jobs.signals,
      ),
  );

  app.get(
    '/lessons/:id/content-stream',
    {
      ...common,
      schema: {
        ...doc(
          'The content as it is written (text/event-stream): delta {text, reset}, then done {lesson} or error {reason, message}',
        ),
        params: IdParams,
        response: { ...errors, ...limited },
      },
    },
    async (request, reply) => {
      const ctx = await getLessonContext(app.db, request.userId, request.params.id);
      await assertLessonOpen(app, request.userId, ctx);
      await followContent(app, request.userId, request.params.id, openSse(reply));
    },
  );

  // a lesson's versions (versions.ts)
  const VersionParams = IdParams.extend({ versionId: z.uuid() });

  app.post(
    '/lessons/:id/regenerate',
    {
      ...common,
      schema: {
        ...doc(
          "Write a new version of the lesson's content with an instruction (optional, at most 300 characters: 'simpler', 'more examples', 'more practice', 'shorter', 'focus on <a term of the lesson>'), as the content job, followed by content-stream; the content it replaces is kept as a version. Counts as a lesson generation (free: 1 per 24 h). `instruction` says what the writer follows of it",
        ),
        params: IdParams,
        body: RegenerateLessonSchema.optional().nullable(),
        response: { 202: RegenerateLessonResultSchema, ...errors, 409: ApiErrorSchema, ...limited },
      },
    },
    async (request, reply) => {
      const out = await startRegeneration(
        app,
        request.userId,
        request.params.id,
        request.body?.instruction || null,
      );
      return reply.status(202).send(out);
    },
  );

  app.get(
    '/lessons/:id/versions',
    {
      ...common,
      schema: {
        ...doc("The lesson's versions, newest first (empty until it is first regenerated)"),
        params: IdParams,
        response: { 200: LessonVersionsSchema, ...errors },
      },
    },
    async (request) => ({ versions: await getVersions(app, request.userId, request.params.id) }),
  );

  app.get(
    '/lessons/:id/versions/:versionId',
    {
      ...common,
      schema: {
        ...doc('One version of the lesson, with its content'),
        params: VersionParams,
        response: { 200: LessonVersionContentSchema, ...errors, ...limited },
      },
    },
    (request) => getVersion(app, request.userId, request.params.id, request.params.versionId),
  );

  app.post(
    '/lessons/:id/versions/:versionId/restore',
    {
      ...common,
      schema: {
        ...doc(
          "Make a version the lesson's content again (the content it replaces stays a version); free. 409 while a new version is being written",
        ),
        params: VersionParams,
        response: { 200: RestoreLessonVersionResultSchema, ...errors, 409: ApiErrorSchema, ...limited },
      },
    },
    (request) => restoreVersion(app, request.userId, request.params.id, request.params.versionId),
  );

  app.post(
    '/roadmaps/goal/:goalId/regenerate-remaining',
    {
      ...common,
      schema: {
        ...doc(
          "Regenerate remaining lessons: clear the content of the goal's lessons not completed and not started (no assessment answered, notes, chat or focus time), keeping their titles and their content as a version; each is written again when opened. Lessons being written are left alone. Free; no body",
        ),
        params: z.object({ goalId: z.uuid() }),
        response: { 200: RegenerateRemainingResultSchema, ...errors },
      },
    },
    (request) => regenerateRemaining(app, request.userId, request.params.goalId),
  );

  const mediaErrors = { ...errors, 409: ApiErrorSchema, ...limited, 500: ApiErrorSchema };

  app.post(
    '/lessons/:id/generate-image',
    {
      ...common,
      schema: {
        ...doc("Make the image of the content's placeholder (an SVG illustration, or the images API's PNG)"),
        params: IdParams,
        response: { 200: ImageResultSchema, ...mediaErrors },
      },
    },
    async (request) => ({ imageUrl: await generateLessonImage(app, request.userId, request.params.id) }),
  );

  app.get(
    '/lessons/:id/audio',
    {
      ...common,
      schema: {
        ...doc("The lesson's audio, or null before it is generated"),
        params: IdParams,
        response: { 200: AudioResultSchema, ...errors },
      },
    },
    async (request) => ({ audioUrl: await getLessonAudio(app, request.userId, request.params.id) }),
  );

  app.post(
    '/lessons/:id/generate-audio',
    {
      ...common,
      schema: {
        ...doc(
          'Read the lesson aloud (eSpeak NG offline, WAV; a speech API when AI_TTS_MODEL is set, MP3); served from /api/media with byte ranges',
        ),
        params: IdParams,
        response: { 200: AudioResultSchema, ...mediaErrors },
      },
    },
    async (request) => ({ audioUrl: await generateLessonAudio(app, request.userId, request.params.id) }),
  );

  app.get(
    '/lessons/:id/assessment',
    {
      ...common,
      schema: {
        ...doc("The lesson's assessment (questions without answers; the last submission with them)"),
        params: IdParams,
        response: { 200: LessonAssessmentSchema, ...errors, ...limited },
      },
    },
    (request) => getAssessment(app, request.userId, request.params.id),
  );

  for (const [path, replace, summary] of [
    ['generate', false, 'Generate the assessment as a job (an existing one answers 200)'],
    ['regenerate', true, 'New questions as a job; the answers are cleared'],
  ] as const) {
    app.post(
      `/lessons/:id/assessment/${path}`,
      {
        ...common,
        schema: {
          ...doc(summary),
          params: IdParams,
          response: {
            200: AssessmentGenerationSchema,
            202: AssessmentGenerationSchema,
            ...errors,
            409: ApiErrorSchema,
            ...limited,
          },
        },
      },
      async (request, reply) => {
        const out = await startAssessmentGeneration(app, request.userId, request.params.id, replace);
        return reply.status(out.job ? 202 : 200).send(out);
      },
    );
  }

  app.get(
    '/lessons/:id/assessment/status',
    {
      ...common,
      schema: {
        ...doc('Is the assessment generating? (waitMs: wait for it to finish)'),
        params: IdParams,
        querystring: WaitQuerySchema,
        response: { 200: AssessmentStatusSchema, ...errors },
      },
    },
    (request) =>
      waitStatus(
        () => assessmentStatus(app.db, request.userId, request.params.id),
        request.query.waitMs,
        app.jobs.signals,
      ),
  );

  app.post(
    '/lessons/assessments/:assessmentId/submit',
    {
      ...common,
      schema: {
        ...doc(
          'Submit answers (JSON text); the server scores them from the stored answers (the client score is ignored); 60+ completes the lesson',
        ),
        params: z.object({ assessmentId: z.uuid() }),
        body: SubmitAssessmentSchema,
        response: { 200: SubmitResultSchema, ...errors },
      },
    },
    (request) => submitAssessment(app, request.userId, request.params.assessmentId, request.body),
  );

  app.post(
    '/lessons/:id/complete',
    {
      ...common,
      schema: {
        ...doc('Complete the lesson: only with a stored passing score (60+); the score sent is not trusted'),
        params: IdParams,
        body: CompleteLessonSchema.optional().nullable(),
        response: { 200: LessonSchema, ...errors, 409: ApiErrorSchema },
      },
    },
    (request) => completeLesson(app, request.userId, request.params.id, request.body),
  );

  app.get(
    '/lessons/:id/next',
    {
      ...common,
      schema: {
        ...doc("The next lesson in the goal's plan, or null"),
        params: IdParams,
        response: { 200: NextLessonSchema, ...errors },
      },
    },
    async (request) => ({ lesson: await nextLesson(app, request.userId, request.params.id) }),
  );
};

/** The lessons module: its routes, after the plugins and the modules it uses. */
export default fp(lessonsRoutes, {
  name: 'lessons-module',
  dependencies: ['db', 'openapi', 'auth', 'jobs', 'roadmaps-module'],
});
