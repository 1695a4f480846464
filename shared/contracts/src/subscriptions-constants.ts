// The plans, messages and timings of subscriptions, apart from the zod schemas (subscriptions.ts) so the
// pages and the SDK use them without loading zod.
import type { SubscriptionStatus } from './subscriptions.ts';

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
