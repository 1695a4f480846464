import { GenerationJobSchema } from '@mindpath/contracts/jobs';
import { GenerationStartedSchema, GenerationStatusSchema } from '@mindpath/contracts/roadmaps';
import { request } from './http.ts';

export const roadmapsApi = {
  /**
   * Starts the roadmap generation of a goal as a job, or joins the one under way (spec 1 §7: POST
   * /roadmaps/{userId}/{goalId}); SelectedTopics is sent only when topics were chosen (spec 1 §5).
   */
  generate: (userId: string, goalId: string, topics: string[] = []) =>
    request(
      'POST',
      `/roadmaps/${userId}/${goalId}`,
      GenerationStartedSchema,
      topics.length > 0 ? { SelectedTopics: topics } : undefined,
    ),

  /**
   * The newest roadmap job of a goal and whether it is still under way; with `waitMs` the API answers when
   * a job under way ends, or once that time has passed (a long poll).
   */
  generationStatus: (
    goalId: string,
    { waitMs = 0, signal }: { waitMs?: number; signal?: AbortSignal } = {},
  ) =>
    request(
      'GET',
      `/roadmaps/goal/${goalId}/generation${waitMs > 0 ? `?waitMs=${waitMs}` : ''}`,
      GenerationStatusSchema,
      undefined,
      { signal },
    ),

  /** Generates the lessons of a section that has none, as a job. */
  generateLessons: (roadmapId: string) =>
    request('POST', `/roadmaps/${roadmapId}/generate-lessons`, GenerationStartedSchema, {
      generateContent: false,
    }),

  job: (jobId: string) => request('GET', `/jobs/${jobId}`, GenerationJobSchema),
};
