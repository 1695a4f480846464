import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

/** One readiness check: whether it passed, and in words what was found when it did not. */
export const ReadinessCheckSchema = z.object({ ok: z.boolean(), detail: z.string().optional() });

/**
 * GET /api/health/ready: whether this instance should get traffic (200 `ready`) or not (503 `unready`, the
 * failed check says why): the database answers, every migration is applied, and the worker runs when it
 * belongs to this process. Liveness stays GET /api/health, which touches nothing.
 */
export const ReadinessSchema = z.object({
  status: z.enum(['ready', 'unready']),
  checks: z.object({
    database: ReadinessCheckSchema,
    migrations: ReadinessCheckSchema,
    worker: ReadinessCheckSchema,
  }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
