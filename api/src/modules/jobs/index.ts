// What other modules use of the job queue: enqueue (joining a live job), find, count, and drop a finished job's payload.
// Other modules import these from here, never from the repository (biome.json keeps that).

export type { JobRow } from './repository.ts';
export {
  clearPayload,
  countLiveJobs,
  enqueueJob,
  findJob,
  findLatestJob,
  findLiveJob,
} from './repository.ts';
