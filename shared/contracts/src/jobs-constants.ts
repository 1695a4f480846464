// A job's state as the pages read it, apart from the zod schemas (jobs.ts) so they do not load zod.
import type { JobStatus } from './jobs.ts';

/**
 * Every kind of generation job, in one naming style. The API's job constants are typed by it, and its
 * migrations' triggers name kinds only from it (a test reads them).
 */
export const JOB_KINDS = [
  'roadmap',
  'section-lessons',
  'lesson-content',
  'lesson-assessment',
  'lesson-exercises',
  'chat-answer',
  'source-ingest',
  'data-export',
  'account-deletion',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const isLiveJob = (s: JobStatus) => s === 'queued' || s === 'running';
