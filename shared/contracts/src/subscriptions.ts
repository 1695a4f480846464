import { z } from 'zod';

export const TierSchema = z.enum(['free', 'basic', 'pro']);
export type Tier = z.infer<typeof TierSchema>;

/** Subscription status (spec 1 §3). endDate is an ISO date-time or null. */
export const SubscriptionStatusSchema = z.object({
  tier: TierSchema,
  isActive: z.boolean(),
  endDate: z.string().nullable(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** Read failures fall back to this (spec 1 §8). */
export const FREE_STATUS: SubscriptionStatus = { tier: 'free', isActive: false, endDate: null };

/** The pro tier counts only while active (spec 1 §6). */
export const isPro = (s: Pick<SubscriptionStatus, 'tier' | 'isActive'> | undefined) =>
  s?.tier === 'pro' && s.isActive;
