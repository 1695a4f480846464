import {
  BillingHistorySchema,
  CancelSubscriptionResultSchema,
  CheckoutSessionSchema,
  FREE_STATUS,
  type SubscriptionStatus,
  SubscriptionStatusSchema,
} from '@mindpath/contracts/subscriptions';
import { request } from './http.ts';

export const subscriptionsApi = {
  /** The status, or the error: for the Subscription tab, which says when it could not be read (spec 2 §8). */
  readStatus: () => request('GET', '/subscriptions/status', SubscriptionStatusSchema),
  /** A failure falls back to tier free, inactive (spec 1 §8). */
  async status(): Promise<SubscriptionStatus> {
    try {
      return await subscriptionsApi.readStatus();
    } catch {
      return FREE_STATUS;
    }
  },
  /**
   * A hosted checkout session for the Pro plan: the browser is sent to its `url` to pay. A 401 is the
   * caller's to handle (registration for Pro, spec 1 §8), not the session-expired redirect to /login.
   */
  createCheckoutSession: () =>
    request('POST', '/subscriptions/create-checkout-session', CheckoutSessionSchema, undefined, {
      raiseUnauthorized: false,
    }),
  /** Confirms a paid session (idempotent) and answers the status it gave. */
  confirm: (sessionId: string) =>
    request('POST', '/subscriptions/confirm', SubscriptionStatusSchema, { sessionId }),
  /** Cancels at the end of the period: the tier stays pro, inactive, until endDate. */
  cancel: () => request('POST', '/subscriptions/cancel', CancelSubscriptionResultSchema),
  /** The learner's payments, newest first. */
  payments: async () => (await request('GET', '/subscriptions/payments', BillingHistorySchema)).payments,
};
