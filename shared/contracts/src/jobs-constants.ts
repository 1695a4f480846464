// A job's state as the pages read it, apart from the zod schemas (jobs.ts) so they do not load zod.
import type { JobStatus } from './jobs.ts';

export const isLiveJob = (s: JobStatus) => s === 'queued' || s === 'running';
