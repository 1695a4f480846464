// Spaced review: cards made from missed assessment questions and from notes, scheduled by FSRS
// (ts-fsrs, on the server). The home dashboard reads ReviewStatsSchema: keep its fields stable.
import { z } from 'zod';
import { isTimeZoneName } from './dashboard.ts';

/** The four grades of FSRS (ts-fsrs Rating 1–4). */
export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export const ReviewRatingSchema = z.enum(REVIEW_RATINGS);
export type ReviewRating = z.infer<typeof ReviewRatingSchema>;

/**
 * Where a card comes from: a lesson-assessment question, a knowledge-assessment (goal wizard) question, a
 * whole note (title → content), one `Question :: Answer` line of a note, or an exercise failed or solved only
 * with its solution ("Solve again").
 */
export const ReviewSourceKindSchema = z.enum([
  'lesson-question',
  'knowledge-question',
  'note',
  'note-line',
  'exercise',
]);
export type ReviewSourceKind = z.infer<typeof ReviewSourceKindSchema>;

export const ReviewCardStateSchema = z.enum(['new', 'learning', 'review', 'relearning']);
export type ReviewCardState = z.infer<typeof ReviewCardStateSchema>;

/** When each grade would bring the card back (ISO times, from ts-fsrs at the moment the card was read). */
export const ReviewIntervalsSchema = z.object({
  again: z.string(),
  hard: z.string(),
  good: z.string(),
  easy: z.string(),
});
export type ReviewIntervals = z.infer<typeof ReviewIntervalsSchema>;

export const ReviewCardSchema = z.object({
  id: z.uuid(),
  sourceKind: ReviewSourceKindSchema,
  /** the note of a note or note-line card */
  noteId: z.uuid().nullable(),
  lessonId: z.uuid().nullable(),
  goalId: z.uuid().nullable(),
  /** an exercise card's exercise (its lesson's practice has it), else null */
  exerciseId: z.uuid().nullable(),
  /** the question, or the note's title, or the line's question, or the exercise's title and task (Markdown) */
  prompt: z.string(),
  /**
   * the correct answer, the expected answer of an open question, the note's content, the line's answer, or
   * the exercise's reference solution as a fenced code block
   */
  answer: z.string(),
  /** a multiple-choice question's options; empty for an open question or a note */
  options: z.array(z.string()),
  state: ReviewCardStateSchema,
  due: z.string(),
  suspended: z.boolean(),
  reps: z.number().int(),
  lapses: z.number().int(),
  lastReview: z.string().nullable(),
  next: ReviewIntervalsSchema,
});
export type ReviewCard = z.infer<typeof ReviewCardSchema>;

/** The learner's IANA time zone (as GET /activity takes it): where "today" begins for the caps and stats. */
export const ReviewDayQuerySchema = z.object({
  timeZone: z.string().refine(isTimeZoneName, 'timeZone must be an IANA time zone name').default('UTC'),
});

/** the most cards one queue read sends */
export const REVIEW_QUEUE_MAX = 200;

export const ReviewQueueQuerySchema = ReviewDayQuerySchema.extend({
  /** how many of the queue's cards to send (the counts cover all of it) */
  limit: z.coerce.number().int().min(1).max(REVIEW_QUEUE_MAX).default(50),
});

export const ReviewCountsSchema = z.object({
  learning: z.number().int(),
  review: z.number().int(),
  new: z.number().int(),
});
export type ReviewCounts = z.infer<typeof ReviewCountsSchema>;

export const ReviewQueueSchema = z.object({
  /** learning and relearning cards first, then due reviews, then new cards within the daily caps */
  cards: z.array(ReviewCardSchema),
  counts: ReviewCountsSchema,
  /** every card in the queue now (learning + review + new) */
  total: z.number().int(),
  /** when the next card not in the queue comes due (null: none scheduled) */
  nextDueAt: z.string().nullable(),
  /** the server's time of the answer (the intervals are counted from it) */
  now: z.string(),
});
export type ReviewQueue = z.infer<typeof ReviewQueueSchema>;

export const GradeReviewSchema = z.object({
  rating: ReviewRatingSchema,
  /** the client's id for this grade: sending it again changes nothing and answers the card as it is */
  reviewId: z.uuid(),
});
export type GradeReview = z.infer<typeof GradeReviewSchema>;

export const SuspendReviewSchema = z.object({ suspended: z.boolean() });

/**
 * A note in review: `inReview` when the note itself was added (title → content); `cards` counts its cards,
 * with one per `Question :: Answer` line, which follow the note's content on their own.
 */
export const NoteReviewSchema = z.object({
  noteId: z.uuid(),
  inReview: z.boolean(),
  cards: z.number().int(),
});
export type NoteReview = z.infer<typeof NoteReviewSchema>;

export const ReviewSettingsSchema = z.object({
  /** FSRS's requested retention: the chance of recalling a card when it comes due */
  requestRetention: z.number().min(0.7).max(0.99),
  newPerDay: z.number().int().min(0).max(1000),
  reviewsPerDay: z.number().int().min(0).max(10_000),
});
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;
export const DEFAULT_REVIEW_SETTINGS: ReviewSettings = {
  requestRetention: 0.9,
  newPerDay: 20,
  reviewsPerDay: 200,
};

/** GET /api/reviews/stats (read by the home dashboard). Days are the learner's (timeZone). */
export const ReviewStatsSchema = z.object({
  /** cards in the queue now (as GET /reviews/queue counts them: caps and the same-source rule applied) */
  dueNow: z.number().int(),
  /** cards coming due on each of the next 7 days, today first (today: overdue included; caps not applied) */
  dueByDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  reviewsToday: z.number().int(),
  /** share of due reviews (not new or learning cards) recalled in the last 30 days; null before any */
  retention30d: z.number().min(0).max(1).nullable(),
  /** cards not suspended */
  totalCards: z.number().int(),
  nextDueAt: z.string().nullable(),
  /** per goal of the cards' lessons or assessments (goalId null: notes without a lesson) */
  byGoal: z.array(
    z.object({
      goalId: z.uuid().nullable(),
      goal: z.string().nullable(),
      cards: z.number().int(),
      due: z.number().int(),
    }),
  ),
});
export type ReviewStats = z.infer<typeof ReviewStatsSchema>;

/** Due cards per lesson of a goal's plan (GET /reviews/lessons?goalId=): what the learning plan shows. */
export const LessonDueSchema = z.object({
  lessonId: z.uuid(),
  due: z.number().int(),
  cards: z.number().int(),
});
export type LessonDue = z.infer<typeof LessonDueSchema>;
