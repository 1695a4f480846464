// Starting a goal's roadmap generation and following its job (DESIGN §5). The roadmap's sections and
// lessons themselves are read through the roadmap calls.
import { AiSourceSchema } from '@mindpath/contracts/ai';
import { type GenerationJob, GenerationJobSchema } from '@mindpath/contracts/jobs';
import { GenerationStartedSchema, GenerationStatusSchema } from '@mindpath/contracts/roadmaps';
import { z } from 'zod';
import { request } from './http.ts';

const id = encodeURIComponent;

export const roadmapGenerationApi = {
  /** POST /roadmaps/{userId}/{goalId}: starts the job or joins the one under way; SelectedTopics only if chosen. */
  start: (userId: string, goalId: string, topics: string[] = []) =>
    request(
      'POST',
      `/roadmaps/${id(userId)}/${id(goalId)}`,
      GenerationStartedSchema,
      topics.length > 0 ? { SelectedTopics: topics } : undefined,
    ),
  /** The newest roadmap job of the goal; waitMs > 0 long-polls until it ends. */
  status: (goalId: string, waitMs = 0) =>
    request('GET', `/roadmaps/goal/${id(goalId)}/generation?waitMs=${waitMs}`, GenerationStatusSchema),
  job: (jobId: string, waitMs = 0) =>
    request('GET', `/jobs/${id(jobId)}?waitMs=${waitMs}`, GenerationJobSchema),
};

const RoadmapJobResultSchema = z.object({
  title: z.string().optional(),
  sections: z.number().int().optional(),
  lessons: z.number().int().optional(),
  source: AiSourceSchema.optional(),
});
export type RoadmapJobResult = z.infer<typeof RoadmapJobResultSchema>;

/** What a finished roadmap job produced (sections, lessons, offline or model), or null. */
export function roadmapJobResult(job: GenerationJob | null | undefined): RoadmapJobResult | null {
  const parsed = RoadmapJobResultSchema.safeParse(job?.result);
  return parsed.success ? parsed.data : null;
}
