import { ApiErrorSchema } from '@mindpath/contracts/errors';
import {
  GradeReviewSchema,
  LessonDueSchema,
  NoteReviewSchema,
  ReviewCardSchema,
  ReviewDayQuerySchema,
  ReviewQueueQuerySchema,
  ReviewQueueSchema,
  ReviewSettingsSchema,
  ReviewStatsSchema,
  SuspendReviewSchema,
} from '@mindpath/contracts/reviews';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../../lib/tagged-json.ts';
import { reviewNow } from './clock.ts';
import { queueReader } from './kept-queue.ts';
import { addNoteToReview, noteReviews, removeNoteFromReview } from './notes.ts';
import {
  getSettings,
  getStats,
  gradeCard,
  lessonsDue,
  putSettings,
  suspendCard,
  undoGrade,
} from './service.ts';

const CardParams = z.object({ cardId: z.uuid() });
const NoteParams = z.object({ noteId: z.uuid() });
const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 404: ApiErrorSchema };

const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const readQueue = queueReader();
  const common = { onRequest: app.authenticate };
  const doc = (summary: string, description?: string) => ({
    tags: ['reviews'],
    summary,
    ...(description ? { description } : {}),
    security: [{ bearer: [] }],
  });

  app.get(
    '/reviews/queue',
    {
      // the queue's head reads the learner's row: a deleted account is 401 there
      onRequest: app.authenticateToken,
      schema: {
        ...doc(
          'The review queue',
          'Learning and relearning cards first, then due reviews, then new cards, the last two within the ' +
            "daily caps; two cards of one source (a note's) never on the same day. timeZone: the learner's " +
            'IANA time zone (where the day begins). Each card carries the due time each grade would give.',
        ),
        querystring: ReviewQueueQuerySchema,
        response: { 200: ReviewQueueSchema, ...errors },
      },
    },
    async (request, reply) => {
      const queue = await readQueue(
        app.db,
        request.log,
        request.userId,
        request.query,
        reviewNow(app, request.userId),
      );
      return sendJsonText(reply, queue);
    },
  );

  app.post(
    '/reviews/:cardId/grade',
    {
      // the grade's read finds the learner's own card: a deleted account's 404 is 401 (authenticateToken)
      onRequest: app.authenticateToken,
      schema: {
        ...doc(
          'Grade a card (FSRS)',
          "reviewId is the client's id of this grade: sent again it changes nothing (replayed: true).",
        ),
        params: CardParams,
        body: GradeReviewSchema,
        response: {
          200: z.object({ card: ReviewCardSchema, replayed: z.boolean() }),
          ...errors,
          409: ApiErrorSchema,
        },
      },
    },
    (request) =>
      gradeCard(app.db, request.userId, request.params.cardId, request.body, reviewNow(app, request.userId)),
  );

  app.post(
    '/reviews/:cardId/undo',
    {
      ...common,
      schema: {
        ...doc("Undo the card's last grade"),
        params: CardParams,
        response: { 200: ReviewCardSchema, ...errors, 409: ApiErrorSchema },
      },
    },
    (request) => undoGrade(app.db, request.userId, request.params.cardId, reviewNow(app, request.userId)),
  );

  app.put(
    '/reviews/:cardId/suspend',
    {
      ...common,
      schema: {
        ...doc('Suspend a card (it leaves the queue) or bring it back'),
        params: CardParams,
        body: SuspendReviewSchema,
        response: { 200: ReviewCardSchema, ...errors },
      },
    },
    (request) =>
      suspendCard(
        app.db,
        request.userId,
        request.params.cardId,
        request.body.suspended,
        reviewNow(app, request.userId),
      ),
  );

  app.get(
    '/reviews/notes',
    {
      ...common,
      schema: {
        ...doc('The notes that have review cards'),
        response: { 200: z.array(NoteReviewSchema), ...errors },
      },
    },
    (request) => noteReviews(app.db, request.userId),
  );

  app.post(
    '/reviews/notes/:noteId',
    {
      ...common,
      schema: {
        ...doc(
          'Add a note to review (its title asks, its content answers)',
          'Its `Question :: Answer` lines are cards of their own already, whether or not the note is added.',
        ),
        params: NoteParams,
        response: { 200: NoteReviewSchema, ...errors },
      },
    },
    (request) =>
      addNoteToReview(app.db, request.userId, request.params.noteId, reviewNow(app, request.userId)),
  );

  app.delete(
    '/reviews/notes/:noteId',
    {
      ...common,
      schema: {
        ...doc('Take a note out of review (its `Question :: Answer` lines keep their cards)'),
        params: NoteParams,
        response: { 200: NoteReviewSchema, ...errors },
      },
    },
    (request) => removeNoteFromReview(app.db, request.userId, request.params.noteId),
  );

  app.get(
    '/reviews/stats',
    {
      ...common,
      schema: {
        ...doc('Review statistics (the home dashboard reads them)'),
        querystring: ReviewDayQuerySchema,
        response: { 200: ReviewStatsSchema, ...errors },
      },
    },
    (request) => getStats(app.db, request.userId, request.query.timeZone, reviewNow(app, request.userId)),
  );

  app.get(
    '/reviews/lessons',
    {
      ...common,
      schema: {
        ...doc("Cards and due cards per lesson of one of the learner's goals"),
        querystring: z.object({ goalId: z.uuid() }),
        response: { 200: z.array(LessonDueSchema), ...errors },
      },
    },
    (request) => lessonsDue(app.db, request.userId, request.query.goalId, reviewNow(app, request.userId)),
  );

  app.get(
    '/reviews/settings',
    { ...common, schema: { ...doc('Review settings'), response: { 200: ReviewSettingsSchema, ...errors } } },
    (request) => getSettings(app.db, request.userId),
  );

  app.put(
    '/reviews/settings',
    {
      ...common,
      schema: {
        ...doc(
          'Change the review settings',
          "requestRetention: FSRS's requested retention (0.9 by default).",
        ),
        body: ReviewSettingsSchema,
        response: { 200: ReviewSettingsSchema, ...errors },
      },
    },
    (request) => putSettings(app.db, request.userId, request.body),
  );
};

/** The reviews module: its routes, after the plugins and the modules it uses. */
export default fp(reviewsRoutes, {
  name: 'reviews-module',
  dependencies: ['db', 'openapi', 'auth', 'notes-module'],
});
