// @vitest-environment jsdom
import { PLANS } from '@mindpath/contracts/subscriptions';
import { renderPage } from '@mindpath/mf/render-page';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import SubscriptionCancelPage from './subscription-cancel-page.tsx';

afterEach(cleanup);

describe('/subscription/cancel', () => {
  it("says no payment was made, lists the free plan's features and offers the ways on", () => {
    renderPage(<SubscriptionCancelPage />, { path: '/subscription/cancel' });
    expect(screen.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeTruthy();
    expect(screen.getByText(/No payment was made/)).toBeTruthy();
    const features = within(screen.getByRole('list', { name: 'Basic features' }));
    expect(features.getAllByRole('listitem').map((li) => li.textContent)).toEqual([...PLANS.free.features]);
    expect(screen.getByRole('link', { name: 'Try Upgrade Again' }).getAttribute('href')).toBe('/#pricing');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('link', { name: 'support@mindpath.app' }).getAttribute('href')).toBe(
      'mailto:support@mindpath.app',
    );
  });
});
