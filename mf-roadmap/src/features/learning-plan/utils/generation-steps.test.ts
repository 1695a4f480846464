import type { GenerationJob } from '@mindpath/contracts/jobs';
import { describe, expect, it } from 'vitest';
import { elapsedSeconds, generationSteps } from './generation-steps.ts';

const job = (status: GenerationJob['status']): GenerationJob => ({
  id: '00000000-0000-4000-8000-000000000001',
  kind: 'roadmap',
  target: '00000000-0000-4000-8000-000000000002',
  status,
  attempts: 1,
  error: null,
  result: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  startedAt: null,
  finishedAt: null,
});

const states = (j: GenerationJob | null) => generationSteps(j).map((s) => s.state);

describe('generation steps', () => {
  it('names four steps', () => {
    expect(generationSteps(null).map((s) => s.label)).toEqual([
      'Request received',
      'Waiting for the generator',
      'Writing milestones and lessons',
      'Saving your roadmap',
    ]);
  });

  it('advances with the job status', () => {
    expect(states(null)).toEqual(['current', 'pending', 'pending', 'pending']);
    expect(states(job('queued'))).toEqual(['done', 'current', 'pending', 'pending']);
    expect(states(job('running'))).toEqual(['done', 'done', 'current', 'pending']);
    expect(states(job('succeeded'))).toEqual(['done', 'done', 'done', 'current']);
  });

  it('counts whole seconds since the job was created, never below 0', () => {
    expect(elapsedSeconds(job('running'), Date.parse('2025-01-01T00:00:12.900Z'))).toBe(12);
    expect(elapsedSeconds(job('running'), Date.parse('2024-12-31T23:59:59.000Z'))).toBe(0);
    expect(elapsedSeconds(null, Date.now())).toBe(0);
  });
});
