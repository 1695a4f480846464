// Every job kind the worker runs, built over the app's database, AI and clock.
import type { Ai } from '../../ai/service.ts';
import type { Db } from '../../db/client.ts';
import type { JobHandler } from './worker.ts';

export interface JobDeps {
  db: Db;
  ai: Ai;
  now: () => Date;
}

export function createJobHandlers(_deps: JobDeps): Record<string, JobHandler> {
  return {};
}
