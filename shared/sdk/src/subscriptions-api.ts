import type {
  BillingHistory,
  CancelSubscriptionResult,
  CheckoutSession,
  SubscriptionStatus,
} from '@mindpath/contracts/subscriptions';
import { FREE_STATUS } from '@mindpath/contracts/subscriptions-constants';
import { fetchJson } from './http.ts';

export const subscriptionsApi = {
  /** The status, or the error: for the Subscription tab, which says when it could not be read (spec 2 §8). */
  readStatus: () => fetchJson<SubscriptionStatus>('GET', '/subscriptions/status'),
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
    fetchJson<CheckoutSession>('POST', '/subscriptions/create-checkout-session', undefined, {
      raiseUnauthorized: false,
    }),
  /** Confirms a paid session (idempotent) and answers the status it gave. */
  confirm: (sessionId: string) =>
    fetchJson<SubscriptionStatus>('POST', '/subscriptions/confirm', { sessionId }),
  /** Cancels at the end of the period: the tier stays pro, inactive, until endDate. */
  cancel: () => fetchJson<CancelSubscriptionResult>('POST', '/subscriptions/cancel'),
  /** The learner's payments, newest first. */
  payments: async () => (await fetchJson<BillingHistory>('GET', '/subscriptions/payments')).payments,
};
