import {
  FREE_STATUS,
  type SubscriptionStatus,
  SubscriptionStatusSchema,
} from '@mindpath/contracts/subscriptions';
import { request } from './http.ts';

export const subscriptionsApi = {
  /** A failure falls back to tier free, inactive (spec 1 §8). */
  async status(): Promise<SubscriptionStatus> {
    try {
      return await request('GET', '/subscriptions/status', SubscriptionStatusSchema);
    } catch {
      return FREE_STATUS;
    }
  },
};
