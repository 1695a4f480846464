import { AiSourceSchema } from '@mindpath/contracts/ai';
import type { GenerationJob } from '@mindpath/contracts/jobs';
import { z } from 'zod';

// What the API's roadmap job records as its result (api/src/modules/roadmaps/jobs.ts).
const RoadmapJobResultSchema = z.object({
  title: z.string().optional(),
  sections: z.number().int().optional(),
  lessons: z.number().int().optional(),
  /** a roadmap built from the learner's material says 'material': no generator wrote it */
  source: z.union([AiSourceSchema, z.literal('material')]).optional(),
});
export type RoadmapJobResult = z.infer<typeof RoadmapJobResultSchema>;

/** What a finished roadmap job produced (sections, lessons, offline, model or material), or null. */
export function roadmapJobResult(job: GenerationJob | null | undefined): RoadmapJobResult | null {
  const parsed = RoadmapJobResultSchema.safeParse(job?.result);
  return parsed.success ? parsed.data : null;
}
