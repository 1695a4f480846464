// @vitest-environment jsdom
import { PLANS, PRO_WELCOME_EXTRAS } from '@mindpath/contracts/subscriptions';
import { bus } from '@mindpath/events';
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { queryKeys } from '@mindpath/sdk/query-keys';
import { tokenStore } from '@mindpath/sdk/token-store';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SubscriptionSuccessPage from './subscription-success-page.tsx';

const PRO = { tier: 'pro', isActive: true, endDate: '2026-12-24T12:00:00.000Z' };

beforeEach(() => {
  tokenStore.set('jwt');
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  tokenStore.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/subscription/success', () => {
  it('verifies for 2 s while confirming the session, raises subscription-updated, then welcomes to Pro', async () => {
    const calls = stubFetch(() => [200, PRO]);
    const updated = vi.fn();
    const off = bus.on('subscription-updated', updated);
    const { client } = renderPage(<SubscriptionSuccessPage />, {
      path: '/subscription/success?session_id=cs_42',
    });
    expect(screen.getByText('Verifying your payment…').closest('[role="status"]')).not.toBeNull();
    await vi.waitFor(() => expect(updated).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      { url: '/api/subscriptions/confirm', method: 'POST', body: { sessionId: 'cs_42' } },
    ]);
    expect(client.getQueryData(queryKeys.subscriptionStatus)).toEqual(PRO);
    expect(screen.queryByRole('heading', { name: 'Welcome to Pro!' })).toBeNull();

    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('heading', { name: 'Welcome to Pro!' })).toBeTruthy();
    const unlocked = within(screen.getByRole('list', { name: 'Unlocked features' }));
    expect(unlocked.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      ...PLANS.pro.features,
      ...PRO_WELCOME_EXTRAS,
    ]);
    expect(screen.getByText(/renews monthly/).textContent).toContain('$20/month');
    expect(screen.getByRole('link', { name: 'Continue to Dashboard' }).getAttribute('href')).toBe('/home');
    act(() => screen.getByRole('link', { name: 'Manage Subscription' }).click());
    expect(screen.getByTestId('location').textContent).toBe('/settings');
    expect(screen.getByTestId('location').dataset.state).toBe('{"activeTab":"subscription"}');
    off();
  });

  it('only logs a failed confirmation and still shows the welcome', async () => {
    stubFetch(() => [400, { message: 'The checkout session is not paid', code: 'NOT_PAID' }]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const updated = vi.fn();
    const off = bus.on('subscription-updated', updated);
    renderPage(<SubscriptionSuccessPage />, { path: '/subscription/success?session_id=cs_unpaid' });
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('heading', { name: 'Welcome to Pro!' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(updated).not.toHaveBeenCalled();
    off();
  });

  it('confirms nothing without a session_id', () => {
    const calls = stubFetch(() => [200, PRO]);
    renderPage(<SubscriptionSuccessPage />, { path: '/subscription/success' });
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('heading', { name: 'Welcome to Pro!' })).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
