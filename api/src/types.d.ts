// Fastify declaration merging for what the plugins decorate. A .d.ts: never imported at run time.

import type { JobKind } from '@mindpath/contracts/jobs-constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ai } from './ai/service.ts';
import type { Config } from './config.ts';
import type { DatabaseKind, Db } from './db/client.ts';
import type { JobRow } from './modules/jobs/index.ts';
import type { PeriodicTasks } from './modules/jobs/periodic.ts';
import type { JobSignals } from './modules/jobs/signals.ts';
import type { JobHandler, WorkerHealth } from './modules/jobs/worker.ts';
import type { PaymentsProvider } from './payments/provider.ts';
import type { Metrics } from './plugins/metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbKind: DatabaseKind;
    /** the AI tasks on the configured provider */
    ai: Ai;
    /** signs and checks the media URLs given to owners (derived from the JWT secret) */
    mediaSigningKey: Buffer;
    /** the clock limits and windows are computed with (tests inject one) */
    now: () => Date;
    /** the payments provider PAYMENTS names (the built-in sandbox or Stripe) */
    payments: PaymentsProvider;
    jobs: {
      /** a job was enqueued: an idle worker (this process's, or any other's on PostgreSQL) claims it */
      wake(): void;
      /** a job a learner waits on: the first worker to hear it claims and runs it at once */
      runNow(jobId: string): void;
      /** this process's worker is running: a job a learner waits on may be enqueued claimed for it */
      claimsHere(): boolean;
      /** runs on this process's worker a job enqueued claimed (enqueueJob's `claim`) */
      runClaimed(job: JobRow): void;
      /** wake-ups for streams following a job */
      signals: JobSignals;
      /** the periodic tasks the worker runs (a WORKER=off instance none): modules add theirs */
      periodic: PeriodicTasks;
      /** a module's job kind and what runs it: every kind of JOB_KINDS has one by the time the app is ready */
      handle(kind: JobKind, handler: JobHandler): void;
      /** the handlers the modules added, by kind (what the worker runs) */
      handlers: Readonly<Record<string, JobHandler>>;
      /** this process's worker, for readiness: null when it runs none (WORKER=off) or has not started it */
      workerHealth(): WorkerHealth | null;
    };
    /** the Prometheus registry and its scrape; null when METRICS_PORT and METRICS_TOKEN are both unset */
    metrics: Metrics | null;
    /** preHandler of every authenticated route: a valid token of a user that still exists */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** the token alone: for routes that succeed only with the user's row (their refusals: plugins/auth.ts) */
    authenticateToken(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
  interface FastifyRequest {
    /** set by `authenticate` */
    userId: string;
  }
  interface FastifyContextConfig {
    /** the message a validation error answers with when a required field is missing (login's wording) */
    requiredMessage?: string;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string };
    user: { sub: string; iat: number; exp: number };
  }
}
