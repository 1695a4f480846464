import type { GenerationJob } from '@mindpath/contracts/jobs';
import { describe, expect, it } from 'vitest';
import { generationOutcome, generationSteps } from './generation.ts';

const job = (patch: Partial<GenerationJob>): GenerationJob => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'roadmap',
  target: 't',
  status: 'queued',
  attempts: 0,
  error: null,
  result: null,
  createdAt: 'x',
  updatedAt: 'x',
  startedAt: null,
  finishedAt: null,
  ...patch,
});

const states = (j: GenerationJob | null) => generationSteps(j, generationOutcome(j)).map((s) => s.state);

describe('roadmap generation as named steps', () => {
  it('follows the job from queued to running to succeeded', () => {
    expect(states(job({ status: 'queued' }))).toEqual(['done', 'active', 'waiting', 'waiting']);
    expect(states(job({ status: 'running', attempts: 1 }))).toEqual(['done', 'done', 'active', 'waiting']);
    expect(states(job({ status: 'succeeded', attempts: 1 }))).toEqual(['done', 'done', 'done', 'done']);
  });

  it('marks the writing step failed when the job failed, and names a retry', () => {
    expect(states(job({ status: 'failed' }))).toEqual(['done', 'done', 'failed', 'waiting']);
    expect(generationSteps(job({ status: 'running', attempts: 2 }), 'running')[2]?.label).toBe(
      'Writing sections and lessons (attempt 2)',
    );
  });

  it('treats no job yet as running', () => {
    expect(generationOutcome(null)).toBe('running');
  });
});
