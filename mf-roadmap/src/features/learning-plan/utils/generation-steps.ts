// The named steps a learner watches while a roadmap is generated, read from the job's state.
import type { GenerationJob } from '@mindpath/contracts/jobs';

export type StepState = 'done' | 'current' | 'pending';
export interface GenerationStep {
  label: string;
  state: StepState;
}

export const GENERATION_STEP_LABELS = [
  'Request received',
  'Waiting for the generator',
  'Writing milestones and lessons',
  'Saving your roadmap',
] as const;

/** Which step is under way: 0 before the job exists, then by status; a failed job stops where it ran. */
function currentStep(job: GenerationJob | null): number {
  if (!job) return 0;
  switch (job.status) {
    case 'queued':
      return 1;
    case 'running':
    case 'failed':
      return 2;
    case 'succeeded':
      return 3;
  }
}

export function generationSteps(job: GenerationJob | null): GenerationStep[] {
  const at = currentStep(job);
  return GENERATION_STEP_LABELS.map((label, i) => ({
    label,
    state: i < at ? 'done' : i === at ? 'current' : 'pending',
  }));
}

/** Whole seconds since the job was created (never negative when the clocks disagree). */
export function elapsedSeconds(job: GenerationJob | null, now: number): number {
  if (!job) return 0;
  return Math.max(0, Math.floor((now - Date.parse(job.createdAt)) / 1000));
}
