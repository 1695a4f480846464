// @vitest-environment jsdom
import { bus } from '@mindpath/events';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';
import { useSubscriptionUpdates } from './subscriptions-hooks.ts';

afterEach(cleanup);

describe('useSubscriptionUpdates', () => {
  it('marks every plan-dependent query stale on subscription-updated, and nothing else', async () => {
    const client = new QueryClient();
    const keys = {
      status: queryKeys.subscriptionStatus,
      details: queryKeys.subscriptionDetails,
      payments: queryKeys.billingHistory,
      lesson: queryKeys.lesson('l1'),
      next: queryKeys.nextLesson('l1'),
      goals: queryKeys.goalList,
      notes: queryKeys.notes,
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { cached: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const hook = renderHook(() => useSubscriptionUpdates(), { wrapper });

    bus.emit('subscription-updated');
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    await waitFor(() => expect(stale(keys.status)).toBe(true));
    for (const key of [keys.details, keys.payments, keys.lesson, keys.next]) expect(stale(key)).toBe(true);
    expect(stale(keys.goals)).toBe(false);
    expect(stale(keys.notes)).toBe(false);

    hook.unmount();
    expect(bus.listenerCount('subscription-updated')).toBe(0);
  });
});
