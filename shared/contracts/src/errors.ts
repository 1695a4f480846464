import { z } from 'zod';

/** The one error shape every API failure answers with (DESIGN.md §4). */
export const ApiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
  /** the request's id (its x-request-id), which the server's log lines of it carry */
  requestId: z.string().optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** Rate-limit info (spec 1 §3): the body of every plan-limit 429. */
export const RateLimitInfoSchema = z.object({
  message: z.string(),
  hoursUntilReset: z.number(),
  subscriptionMessage: z.string(),
  currentCount: z.number().int(),
  maxRequests: z.number().int(),
});
export type RateLimitInfo = z.infer<typeof RateLimitInfoSchema>;
