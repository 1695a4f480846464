import {
  LessonVersionContentSchema,
  LessonVersionsSchema,
  RegenerateLessonResultSchema,
  RegenerateRemainingResultSchema,
  RestoreLessonVersionResultSchema,
} from '@mindpath/contracts/lessons-versions';
import { request } from './http.ts';

const id = encodeURIComponent;
const lesson = (lessonId: string) => `/lessons/${id(lessonId)}`;

/**
 * A lesson's versions (issue 24): a new version written with an instruction (followed as the content stream,
 * like a first generation), the versions kept, Restore, and "Regenerate remaining lessons" of a goal.
 */
export const lessonVersionsApi = {
  /** 429 (RateLimitError) over the free plan's lessons; 409 while another version is being written */
  regenerate: (lessonId: string, instruction: string | null) =>
    request('POST', `${lesson(lessonId)}/regenerate`, RegenerateLessonResultSchema, { instruction }),
  list: (lessonId: string) => request('GET', `${lesson(lessonId)}/versions`, LessonVersionsSchema),
  get: (lessonId: string, versionId: string) =>
    request('GET', `${lesson(lessonId)}/versions/${id(versionId)}`, LessonVersionContentSchema),
  restore: (lessonId: string, versionId: string) =>
    request(
      'POST',
      `${lesson(lessonId)}/versions/${id(versionId)}/restore`,
      RestoreLessonVersionResultSchema,
    ),
  /** clears the content of the goal's lessons not yet started; each is written again when opened */
  regenerateRemaining: (goalId: string) =>
    request('POST', `/roadmaps/goal/${id(goalId)}/regenerate-remaining`, RegenerateRemainingResultSchema),
};
