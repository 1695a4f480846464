import type {
  GradeReview,
  LessonDueSchema,
  NoteReviewSchema,
  ReviewCard,
  ReviewQueue,
  ReviewSettings,
  ReviewStatsSchema,
} from '@mindpath/contracts/reviews';
import type { z } from 'zod';
import { fetchJson } from './http.ts';
import { localTimeZone } from './pomodoro-api.ts';

const id = encodeURIComponent;
type NoteReview = z.infer<typeof NoteReviewSchema>;

/** Spaced review: the queue, grading, undo, suspend, notes in review, stats, settings. */
export const reviewsApi = {
  queue: (limit = 50) =>
    fetchJson<ReviewQueue>('GET', `/reviews/queue?timeZone=${id(localTimeZone())}&limit=${limit}`),
  grade: (cardId: string, body: GradeReview) =>
    fetchJson<{ card: ReviewCard; replayed: boolean }>('POST', `/reviews/${id(cardId)}/grade`, body),
  undo: (cardId: string) => fetchJson<ReviewCard>('POST', `/reviews/${id(cardId)}/undo`),
  suspend: (cardId: string, suspended: boolean) =>
    fetchJson<ReviewCard>('PUT', `/reviews/${id(cardId)}/suspend`, { suspended }),
  notes: () => fetchJson<NoteReview[]>('GET', '/reviews/notes'),
  addNote: (noteId: string) => fetchJson<NoteReview>('POST', `/reviews/notes/${id(noteId)}`),
  removeNote: (noteId: string) => fetchJson<NoteReview>('DELETE', `/reviews/notes/${id(noteId)}`),
  /** the learner's days run in the browser's time zone (the caps, reviews today, due per day) */
  stats: () =>
    fetchJson<z.infer<typeof ReviewStatsSchema>>('GET', `/reviews/stats?timeZone=${id(localTimeZone())}`),
  lessons: (goalId: string) =>
    fetchJson<z.infer<typeof LessonDueSchema>[]>('GET', `/reviews/lessons?goalId=${id(goalId)}`),
  settings: () => fetchJson<ReviewSettings>('GET', '/reviews/settings'),
  saveSettings: (body: ReviewSettings) => fetchJson<ReviewSettings>('PUT', '/reviews/settings', body),
};
