// Generation jobs (DESIGN.md §5): long AI work runs as a job the client follows by polling or waiting.
import { z } from 'zod';

export { isLiveJob, JOB_KINDS, type JobKind } from './jobs-constants.ts';

export const JobStatusSchema = z.enum(['queued', 'running', 'succeeded', 'failed']);
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** Why a job failed, safe to show: `message` is written for the learner. */
export const JobErrorSchema = z.object({
  reason: z.string(),
  message: z.string(),
});
export type JobError = z.infer<typeof JobErrorSchema>;

export const GenerationJobSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  target: z.string(),
  status: JobStatusSchema,
  attempts: z.number().int(),
  error: JobErrorSchema.nullable(),
  result: z.unknown().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type GenerationJob = z.infer<typeof GenerationJobSchema>;
