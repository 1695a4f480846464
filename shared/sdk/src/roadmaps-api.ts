import type { GenerationJob } from '@mindpath/contracts/jobs';
import type {
  GenerationStartedSchema,
  GenerationStatusSchema,
  LessonSuggestion,
  PlanEditResult,
  PlanEdits,
  PlanLesson,
  Roadmap,
} from '@mindpath/contracts/roadmaps';
import type { z } from 'zod';
import { fetchJson } from './http.ts';

type GenerationStarted = z.infer<typeof GenerationStartedSchema>;

export const roadmapsApi = {
  /**
   * Starts the roadmap generation of a goal as a job, or joins the one under way (spec 1 §7: POST
   * /roadmaps/{userId}/{goalId}); SelectedTopics is sent only when topics were chosen (spec 1 §5).
   */
  generate: (userId: string, goalId: string, topics: string[] = [], fromMaterial?: boolean) => {
    // fromMaterial: build it from the goal's sources (true) or its text (false); left out, as last time
    const body = {
      ...(topics.length > 0 ? { SelectedTopics: topics } : {}),
      ...(fromMaterial === undefined ? {} : { fromMaterial }),
    };
    return fetchJson<GenerationStarted>(
      'POST',
      `/roadmaps/${userId}/${goalId}`,
      Object.keys(body).length > 0 ? body : undefined,
    );
  },

  /**
   * The newest roadmap job of a goal and whether it is still under way; with `waitMs` the API answers when
   * a job under way ends, or once that time has passed (a long poll).
   */
  generationStatus: (
    goalId: string,
    { waitMs = 0, signal }: { waitMs?: number; signal?: AbortSignal } = {},
  ) =>
    fetchJson<z.infer<typeof GenerationStatusSchema>>(
      'GET',
      `/roadmaps/goal/${goalId}/generation${waitMs > 0 ? `?waitMs=${waitMs}` : ''}`,
      undefined,
      { signal },
    ),

  /** Generates the lessons of a section that has none, as a job. */
  generateLessons: (roadmapId: string) =>
    fetchJson<GenerationStarted>('POST', `/roadmaps/${roadmapId}/generate-lessons`, {
      generateContent: false,
    }),

  job: (jobId: string) => fetchJson<GenerationJob>('GET', `/jobs/${jobId}`),

  /** Marks a lesson done or not done (spec 1 §7); its section follows (done once all its lessons are). */
  setLessonCompletion: (lessonId: string, isCompleted: boolean) =>
    fetchJson<PlanLesson>('PUT', `/roadmaps/items/${lessonId}/completion`, { isCompleted }),

  /** A goal's plan edits, newest first, and the edit version the next edit is made on. */
  edits: (goalId: string) => fetchJson<PlanEdits>('GET', `/roadmaps/goal/${goalId}/edits`),

  /** Renames a section; `version` is the plan's edit version the learner saw (409 when another tab edited). */
  renameSection: (roadmapId: string, name: string, version: number) =>
    fetchJson<PlanEditResult>('PUT', `/roadmaps/${roadmapId}`, { name, version }),

  renameLesson: (lessonId: string, title: string, version: number) =>
    fetchJson<PlanEditResult>('PUT', `/roadmaps/items/${lessonId}`, { title, version }),

  /** Moves a lesson to `index` in section `roadmapId` (its own or another of the goal's). */
  moveLesson: (lessonId: string, roadmapId: string, index: number, version: number) =>
    fetchJson<PlanEditResult>('POST', `/roadmaps/items/${lessonId}/move`, { roadmapId, index, version }),

  moveSection: (roadmapId: string, index: number, version: number) =>
    fetchJson<PlanEditResult>('POST', `/roadmaps/${roadmapId}/move`, { index, version }),

  /** Adds a section to the goal's plan, last unless `index` says where. */
  addSection: (goalId: string, name: string, version: number, index?: number) =>
    fetchJson<PlanEditResult>('POST', `/roadmaps/goal/${goalId}/sections`, { name, index, version }),

  addLesson: (roadmapId: string, title: string, version: number, index?: number) =>
    fetchJson<PlanEditResult>('POST', `/roadmaps/${roadmapId}/items`, { title, index, version }),

  /** A lesson the AI proposes for a section (`exclude`: titles passed over); counts as a lesson generation. */
  suggestLesson: (roadmapId: string, exclude: string[]) =>
    fetchJson<LessonSuggestion>('POST', `/roadmaps/${roadmapId}/suggestion`, { exclude }),

  /** Removes a section with its lessons; their notes stay, their review cards are suspended. Undoable. */
  removeSection: (roadmapId: string, version: number) =>
    fetchJson<PlanEditResult>('DELETE', `/roadmaps/${roadmapId}?version=${version}`),

  removeLesson: (lessonId: string, version: number) =>
    fetchJson<PlanEditResult>('DELETE', `/roadmaps/items/${lessonId}?version=${version}`),

  /** Makes the plan as it was at version `to` (0: as generated), as one edit Undo takes back. */
  restoreVersion: (goalId: string, to: number, version: number) =>
    fetchJson<PlanEditResult>('POST', `/roadmaps/goal/${goalId}/edits/restore`, { to, version }),

  /** Takes back the newest edit not yet taken back. */
  undoEdit: (goalId: string, version: number) =>
    fetchJson<PlanEditResult>('POST', `/roadmaps/goal/${goalId}/edits/undo`, { version }),

  /** Marks a section done or not done, and every lesson of it with it. */
  setSectionCompletion: (roadmapId: string, isCompleted: boolean) =>
    fetchJson<Roadmap>('PUT', `/roadmaps/${roadmapId}/completion`, { isCompleted }),
};
