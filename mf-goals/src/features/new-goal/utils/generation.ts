import type { GenerationJob } from '@mindpath/contracts/jobs';
import { isLiveJob } from '@mindpath/contracts/jobs-constants';

export type GenerationOutcome = 'running' | 'succeeded' | 'failed';
export type GenerationStepState = 'done' | 'active' | 'waiting' | 'failed';

/** spec 1 §9: waiting for content times out after 60 s; past that the learner is told it is slow. */
export const SLOW_AFTER_MS = 60_000;

export function generationOutcome(job: GenerationJob | null): GenerationOutcome {
  if (!job || isLiveJob(job.status)) return 'running';
  return job.status === 'succeeded' ? 'succeeded' : 'failed';
}

/** The job's state as named steps, so a long generation is never a bare spinner. */
export function generationSteps(
  job: GenerationJob | null,
  outcome: GenerationOutcome,
): { label: string; state: GenerationStepState }[] {
  const status = job?.status ?? 'queued';
  const retry = job && job.attempts > 1 ? ` (attempt ${job.attempts})` : '';
  const writing: GenerationStepState =
    outcome === 'succeeded'
      ? 'done'
      : outcome === 'failed'
        ? 'failed'
        : status === 'running'
          ? 'active'
          : 'waiting';
  return [
    { label: 'Goal saved', state: 'done' },
    {
      label: 'Waiting for the generator',
      state:
        outcome === 'running' && status === 'queued'
          ? 'active'
          : outcome === 'failed' && !job
            ? 'failed'
            : 'done',
    },
    { label: `Writing sections and lessons${retry}`, state: writing },
    { label: 'Roadmap ready', state: outcome === 'succeeded' ? 'done' : 'waiting' },
  ];
}
