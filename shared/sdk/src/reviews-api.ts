import {
  type GradeReview,
  LessonDueSchema,
  NoteReviewSchema,
  ReviewCardSchema,
  ReviewQueueSchema,
  type ReviewSettings,
  ReviewSettingsSchema,
  ReviewStatsSchema,
} from '@mindpath/contracts/reviews';
import { z } from 'zod';
import { request } from './http.ts';
import { localTimeZone } from './pomodoro-api.ts';

const id = encodeURIComponent;

/** Spaced review (issue 12): the queue, grading, undo, suspend, notes in review, stats, settings. */
export const reviewsApi = {
  queue: (limit = 50) =>
    request('GET', `/reviews/queue?timeZone=${id(localTimeZone())}&limit=${limit}`, ReviewQueueSchema),
  grade: (cardId: string, body: GradeReview) =>
    request(
      'POST',
      `/reviews/${id(cardId)}/grade`,
      z.object({ card: ReviewCardSchema, replayed: z.boolean() }),
      body,
    ),
  undo: (cardId: string) => request('POST', `/reviews/${id(cardId)}/undo`, ReviewCardSchema),
  suspend: (cardId: string, suspended: boolean) =>
    request('PUT', `/reviews/${id(cardId)}/suspend`, ReviewCardSchema, { suspended }),
  notes: () => request('GET', '/reviews/notes', z.array(NoteReviewSchema)),
  addNote: (noteId: string) => request('POST', `/reviews/notes/${id(noteId)}`, NoteReviewSchema),
  removeNote: (noteId: string) => request('DELETE', `/reviews/notes/${id(noteId)}`, NoteReviewSchema),
  /** the learner's days run in the browser's time zone (the caps, reviews today, due per day) */
  stats: () => request('GET', `/reviews/stats?timeZone=${id(localTimeZone())}`, ReviewStatsSchema),
  lessons: (goalId: string) =>
    request('GET', `/reviews/lessons?goalId=${id(goalId)}`, z.array(LessonDueSchema)),
  settings: () => request('GET', '/reviews/settings', ReviewSettingsSchema),
  saveSettings: (body: ReviewSettings) => request('PUT', '/reviews/settings', ReviewSettingsSchema, body),
};
