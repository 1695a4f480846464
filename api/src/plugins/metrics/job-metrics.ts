// The generation jobs: the queue as the database holds it (every worker's, read at each scrape) and the runs
// this process's worker ended, with their durations and failures.
import { JOB_KINDS } from '@mindpath/contracts/jobs-constants';
import { count, inArray, sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { generationJobs } from '../../db/schema.ts';
import type { JobEnd } from '../../modules/jobs/worker.ts';

/** Seconds: a quiz in a second or two, a long lesson or a source's ingest in minutes. */
const BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600];
const LIVE = ['queued', 'running'] as const;

export function jobMetrics(registry: Registry, db: Db) {
  const queue = new Gauge({
    name: 'mindpath_jobs',
    help: 'Generation jobs waiting (queued) or being run (running), by kind, across every worker',
    labelNames: ['kind', 'status'] as const,
    registers: [registry],
  });
  const oldestQueued = new Gauge({
    name: 'mindpath_jobs_oldest_queued_age_seconds',
    help: 'Age of the oldest queued generation job by kind (0 when none waits)',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'mindpath_job_duration_seconds',
    help: "Run time of the generation jobs this process's worker ended, by kind and outcome",
    labelNames: ['kind', 'outcome'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  const failures = new Counter({
    name: 'mindpath_job_failures_total',
    help: "Generation jobs this process's worker recorded as failed, by kind and reason",
    labelNames: ['kind', 'reason'] as const,
    registers: [registry],
  });

  return {
    jobEnded(end: JobEnd) {
      duration.observe({ kind: end.kind, outcome: end.outcome }, end.seconds);
      if (end.outcome === 'failed') failures.inc({ kind: end.kind, reason: end.reason ?? 'internal' });
    },
    /** at each scrape: one grouped read over the live jobs (generation_jobs_status_idx) */
    async collect() {
      const rows = await db
        .select({
          kind: generationJobs.kind,
          status: generationJobs.status,
          n: count(),
          oldestSeconds: sql<number>`extract(epoch from now() - min(${generationJobs.createdAt}))::float8`,
        })
        .from(generationJobs)
        .where(inArray(generationJobs.status, [...LIVE]))
        .groupBy(generationJobs.kind, generationJobs.status);
      // every kind has its series, at 0 when idle, so an alert sees a queue that was never filled too
      for (const kind of JOB_KINDS) {
        for (const status of LIVE) queue.set({ kind, status }, 0);
        oldestQueued.set({ kind }, 0);
      }
      for (const row of rows) {
        queue.set({ kind: row.kind, status: row.status }, Number(row.n));
        if (row.status === 'queued')
          oldestQueued.set({ kind: row.kind }, Math.max(0, Number(row.oldestSeconds)));
      }
    },
  };
}
