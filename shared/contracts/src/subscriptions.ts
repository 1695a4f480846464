// The subscription's schemas; its plans, messages and timings are in subscriptions-constants.ts (no zod),
// re-exported here.
import { z } from 'zod';

export * from './subscriptions-constants.ts';

export const TierSchema = z.enum(['free', 'basic', 'pro']);
export type Tier = z.infer<typeof TierSchema>;

/** Subscription status (spec 1 §3). endDate is an ISO date-time or null. */
export const SubscriptionStatusSchema = z.object({
  tier: TierSchema,
  isActive: z.boolean(),
  endDate: z.string().nullable(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/**
 * POST /subscriptions/create-checkout-session (spec 1 §3 'Checkout session response'): sessionId and publicKey
 * as the spec names them, plus the hosted checkout's URL to send the browser to.
 */
export const CheckoutSessionSchema = z.object({
  sessionId: z.string(),
  publicKey: z.string(),
  url: z.string(),
});
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

/** POST /subscriptions/confirm {sessionId}: answers the status once the session is paid. */
export const ConfirmCheckoutSchema = z.object({
  sessionId: z.string().trim().min(1, 'sessionId is required').max(255),
});
export type ConfirmCheckout = z.infer<typeof ConfirmCheckoutSchema>;

/** POST /subscriptions/cancel (spec 2 §7): answer has message. */
export const CancelSubscriptionResultSchema = z.object({ message: z.string() });
export type CancelSubscriptionResult = z.infer<typeof CancelSubscriptionResultSchema>;

export const PaymentStatusSchema = z.enum(['paid', 'failed', 'refunded']);

/** One charge of the learner's billing history. Only the card's brand and last four digits are ever stored. */
export const PaymentSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  amountCents: z.number().int().min(0),
  currency: z.string(),
  status: PaymentStatusSchema,
  description: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** GET /subscriptions/payments: newest first. */
export const BillingHistorySchema = z.object({ payments: z.array(PaymentSchema) });
export type BillingHistory = z.infer<typeof BillingHistorySchema>;
