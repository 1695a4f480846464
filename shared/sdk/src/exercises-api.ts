import type { AttemptBody, Exercise, LessonPractice, UnverifiedBody } from '@mindpath/contracts/exercises';
import { fetchJson } from './http.ts';

const id = encodeURIComponent;

/** A lesson's practice, attempts at its exercises, and a model exercise whose solution failed here. */
export const exercisesApi = {
  practice: (lessonId: string) => fetchJson<LessonPractice>('GET', `/lessons/${id(lessonId)}/practice`),
  recordAttempt: (exerciseId: string, body: AttemptBody) =>
    fetchJson<Exercise>('POST', `/exercises/${id(exerciseId)}/attempts`, body),
  /** the exercise is hidden and written again once; answers the lesson's practice as it now is */
  reportUnverified: (exerciseId: string, body: UnverifiedBody) =>
    fetchJson<LessonPractice>('POST', `/exercises/${id(exerciseId)}/unverified`, body),
};
