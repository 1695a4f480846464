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

/** The two plans (spec 1 §1, §9): one source for the plan cards, the pricing page and the checkout. */
export const PLANS = {
  free: {
    name: 'Basic',
    priceUsd: 0,
    features: [
      'Personalized roadmap',
      '1 educational goal',
      '1 topic per goal',
      'Notes management',
      '5 AI chat queries per day',
      'Pomodoro timer',
    ],
  },
  pro: {
    name: 'Professional',
    priceUsd: 20,
    features: [
      'Up to 10 goals in progress',
      'Unlimited AI chat queries',
      'Unlimited lessons and assessments',
      'The best AI models',
    ],
  },
} as const;

/** What the subscription-success page lists beside the Pro plan's features (spec 1 §1). */
export const PRO_WELCOME_EXTRAS = [
  'Advanced analytics',
  'Priority support',
  'Custom learning paths',
  'Knowledge graph access',
] as const;

/** The Pro price in cents, as charged each month. */
export const PRO_PRICE_CENTS = PLANS.pro.priceUsd * 100;

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

/** The spec's subscription and settings messages (spec 1 §8 Upgrade; spec 2 §8 Settings). */
export const SUBSCRIPTION_MESSAGES = {
  checkoutRedirectFailed: 'Failed to redirect to checkout. Please try again.',
  upgradeFailed: 'Failed to initiate upgrade. Please try again.',
  settingsLoadStatusFailed: 'Failed to load subscription status.',
  settingsUpgradeFailed: 'Failed to initiate upgrade.',
  settingsCancelFailed: 'Failed to cancel subscription.',
} as const;

/** Subscription timings (spec 1 §9, spec 2 §4). */
export const SUBSCRIPTION_TIMINGS = {
  successVerifyMs: 2000,
  statusRefreshAfterCancelMs: 3000,
} as const;
