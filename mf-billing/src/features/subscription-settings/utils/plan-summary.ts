import type { SubscriptionStatus } from '@mindpath/contracts/subscriptions';
import { PLANS } from '@mindpath/contracts/subscriptions-constants';
import { formatDate, monthlyPrice } from '../../plans/index.ts';

export interface PlanSummary {
  plan: string;
  price: string;
  status: 'Active' | 'Cancelled' | 'Free';
  /** when the period ends: renews (active Pro) or ends (cancelled Pro); null on the free plan */
  period: { label: 'Renews on' | 'Ends on'; date: string } | null;
}

/**
 * What the Subscription tab says about a status. A cancelled Pro subscription keeps tier pro with isActive
 * false until endDate (spec 2 §4), then the server answers the free tier.
 */
export function planSummary(status: SubscriptionStatus): PlanSummary {
  if (status.tier !== 'pro') {
    return { plan: PLANS.free.name, price: monthlyPrice(PLANS.free.priceUsd), status: 'Free', period: null };
  }
  const date = formatDate(status.endDate);
  return {
    plan: PLANS.pro.name,
    price: monthlyPrice(PLANS.pro.priceUsd),
    status: status.isActive ? 'Active' : 'Cancelled',
    period: date ? { label: status.isActive ? 'Renews on' : 'Ends on', date } : null,
  };
}
