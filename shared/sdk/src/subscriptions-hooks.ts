// TanStack Query hooks of the subscription: checkout, its confirmation, cancel, billing history, and the one
// place `subscription-updated` reaches the QueryClient.
import type { SubscriptionStatus } from '@mindpath/contracts/subscriptions';
import { SUBSCRIPTION_TIMINGS } from '@mindpath/contracts/subscriptions-constants';
import { bus } from '@mindpath/events';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { startCheckout } from './checkout.ts';
import { useIsAuthenticated } from './hooks.ts';
import { PLAN_DEPENDENT_KEYS, queryKeys } from './query-keys.ts';
import { subscriptionsApi } from './subscriptions-api.ts';

/** Refetches every query that depends on the plan (status, badges, limits, gated lessons). */
export function refreshPlanQueries(client: QueryClient): Promise<unknown> {
  return Promise.all(PLAN_DEPENDENT_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * Wires `subscription-updated` to the QueryClient: mounted once by the host (the shell), whose QueryClient
 * every remote shares, so a change raised anywhere refreshes the plan's queries in every remote.
 */
export function useSubscriptionUpdates(): void {
  const client = useQueryClient();
  useEffect(() => bus.on('subscription-updated', () => void refreshPlanQueries(client)), [client]);
}

/** The status without the free fallback: the Subscription tab says when it could not be read. */
export function useSubscriptionDetails() {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.subscriptionDetails,
    queryFn: subscriptionsApi.readStatus,
    enabled: authenticated,
  });
}

export function useBillingHistory() {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.billingHistory,
    queryFn: subscriptionsApi.payments,
    enabled: authenticated,
  });
}

/** Upgrade to Pro: creates a checkout session and sends the browser there; resolves to what happened. */
export function useCheckout() {
  return useMutation({ mutationFn: startCheckout });
}

/**
 * Confirms a paid checkout session (the success page): the status it answers is cached at once, then
 * `subscription-updated` refreshes everything that depends on the plan. A failure is only logged (spec 1 §8).
 */
export function useConfirmCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscriptionsApi.confirm,
    onSuccess: (status: SubscriptionStatus) => {
      client.setQueryData(queryKeys.subscriptionStatus, status);
      client.setQueryData(queryKeys.subscriptionDetails, status);
      bus.emit('subscription-updated');
    },
    onError: (error) => console.error('[mindpath] subscription confirmation failed', error),
  });
}

/**
 * Cancels at the end of the period. The status is read again 3 s later (spec 2 §4), when the change is
 * raised as `subscription-updated`; the timer does not outlive the component that cancelled.
 */
export function useCancelSubscription() {
  const mutation = useMutation({ mutationFn: subscriptionsApi.cancel });
  const { data: cancelled } = mutation; // a new answer per cancel, so each one gets its refresh
  useEffect(() => {
    if (!cancelled) return;
    const timer = setTimeout(
      () => bus.emit('subscription-updated'),
      SUBSCRIPTION_TIMINGS.statusRefreshAfterCancelMs,
    );
    return () => clearTimeout(timer);
  }, [cancelled]);
  return mutation;
}
