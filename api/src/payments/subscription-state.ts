// How a learner's subscription changes with each payment fact, as a pure function of the stored state, so
// the rules are tested without a database. Events may come twice or out of order: the period only ever
// grows (the latest end wins), and the cancel/active flags follow the newest fact (`stateAt`).

import type { Tier } from '@mindpath/contracts/subscriptions';

export interface SubscriptionState {
  tier: Tier | string;
  isActive: boolean;
  endDate: Date | null;
  cancelAtPeriodEnd: boolean;
  providerSubscriptionId: string | null;
  stateAt: Date | null;
}

export type SubscriptionChange =
  /** a payment for a period (checkout completed, invoice paid): Pro through `periodEnd` */
  | { kind: 'paid'; at: Date; subscriptionId: string | null; periodEnd: Date }
  /** the provider's view of the subscription: still live or not, cancelling at period end or not */
  | {
      kind: 'updated';
      at: Date;
      subscriptionId: string;
      live: boolean;
      cancelAtPeriodEnd: boolean;
      periodEnd: Date | null;
    }
  /** the subscription is over (at period end after a cancel, or unpaid) */
  | { kind: 'ended'; at: Date; subscriptionId: string; endedAt: Date }
  /** the learner cancelled: Pro stays (inactive) until the end date and is not renewed */
  | { kind: 'cancelled'; at: Date };

export const NO_SUBSCRIPTION: SubscriptionState = {
  tier: 'free',
  isActive: false,
  endDate: null,
  cancelAtPeriodEnd: false,
  providerSubscriptionId: null,
  stateAt: null,
};

/** One calendar month after `from` (UTC), on the month's last day when it is shorter: a Pro period. */
export function oneMonthAfter(from: Date): Date {
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

const later = (a: Date | null, b: Date | null): Date | null => {
  if (!a) return b;
  if (!b) return a;
  return a.getTime() >= b.getTime() ? a : b;
};

/** Whether a fact is at least as new as the one the flags were last set from. */
const isFresh = (state: SubscriptionState, at: Date) =>
  !state.stateAt || at.getTime() >= state.stateAt.getTime();

/** Facts about another (older) subscription than the current one leave the current one alone. */
const isOther = (state: SubscriptionState, subscriptionId: string) =>
  state.providerSubscriptionId !== null && state.providerSubscriptionId !== subscriptionId;

export function applyChange(state: SubscriptionState, change: SubscriptionChange): SubscriptionState {
  switch (change.kind) {
    case 'paid': {
      const endDate = later(state.endDate, change.periodEnd);
      const isNew = change.subscriptionId !== null && change.subscriptionId !== state.providerSubscriptionId;
      // a new subscription starts uncancelled whatever the previous one was; the same one keeps its flags
      if (isNew) {
        return {
          ...state,
          tier: 'pro',
          endDate,
          isActive: true,
          cancelAtPeriodEnd: false,
          providerSubscriptionId: change.subscriptionId,
          stateAt: later(state.stateAt, change.at),
        };
      }
      if (!isFresh(state, change.at)) return { ...state, tier: 'pro', endDate };
      return { ...state, tier: 'pro', endDate, isActive: !state.cancelAtPeriodEnd, stateAt: change.at };
    }
    case 'updated': {
      if (isOther(state, change.subscriptionId) || !isFresh(state, change.at)) return state;
      return {
        ...state,
        endDate: change.live ? later(state.endDate, change.periodEnd) : state.endDate,
        isActive: change.live && !change.cancelAtPeriodEnd && state.tier === 'pro',
        cancelAtPeriodEnd: change.cancelAtPeriodEnd,
        stateAt: change.at,
      };
    }
    case 'ended': {
      // terminal for that subscription whenever it arrives
      if (isOther(state, change.subscriptionId)) return state;
      const endDate = state.endDate && state.endDate < change.endedAt ? state.endDate : change.endedAt;
      return {
        ...state,
        endDate,
        isActive: false,
        cancelAtPeriodEnd: true,
        stateAt: later(state.stateAt, change.at),
      };
    }
    case 'cancelled':
      // an open-ended Pro (granted without billing) has no period to run out: it ends now
      return {
        ...state,
        endDate: state.endDate ?? change.at,
        isActive: false,
        cancelAtPeriodEnd: true,
        stateAt: later(state.stateAt, change.at),
      };
  }
}
