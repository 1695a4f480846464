// @vitest-environment jsdom
import { PLANS, SUBSCRIPTION_MESSAGES } from '@mindpath/contracts/subscriptions';
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { browserLocation } from '@mindpath/sdk/checkout';
import { tokenStore } from '@mindpath/sdk/token-store';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PlanCards from './plan-cards.tsx';

const card = (name: string) => within(screen.getByRole('article', { name }));

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => {
  cleanup();
  tokenStore.clear();
  vi.unstubAllGlobals();
});

describe('PlanCards', () => {
  it("shows both plans' prices and features; a visitor goes to registration with the plan", () => {
    const calls = stubFetch(() => [500, {}]);
    renderPage(<PlanCards />, { path: '/pricing' });
    const basic = card('Basic');
    expect(basic.getByText('$0')).toBeTruthy();
    expect(basic.getAllByRole('listitem').map((li) => li.textContent)).toEqual([...PLANS.free.features]);
    expect(basic.getByRole('link', { name: 'Start for free' }).getAttribute('href')).toBe(
      '/register?plan=free',
    );
    const pro = card('Professional');
    expect(pro.getByText('$20')).toBeTruthy();
    expect(pro.getByText('Cancel anytime')).toBeTruthy();
    expect(pro.getByText('30-day money-back guarantee')).toBeTruthy();
    expect(pro.getByRole('list', { name: 'Professional features' }).textContent).toBe(
      PLANS.pro.features.join(''),
    );
    expect(pro.getByRole('link', { name: 'Get Pro' }).getAttribute('href')).toBe('/register?plan=pro');
    expect(calls).toEqual([]);
  });

  it('lets a free learner upgrade through checkout, with the upgrade wording on failure', async () => {
    tokenStore.set('jwt');
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    let checkout: [number, unknown] = [503, {}];
    stubFetch(({ url }) =>
      url.endsWith('/subscriptions/status')
        ? [200, { tier: 'free', isActive: true, endDate: null }]
        : checkout,
    );
    renderPage(<PlanCards />, { path: '/pricing' });
    const upgrade = await card('Professional').findByRole('button', { name: 'Upgrade to Pro' });
    expect(card('Basic').getByText('Your current plan')).toBeTruthy();
    await userEvent.click(upgrade);
    expect((await screen.findByRole('alert')).textContent).toBe(SUBSCRIPTION_MESSAGES.upgradeFailed);

    checkout = [200, { sessionId: 'cs_1', publicKey: 'pk', url: 'https://pay.example/cs_1' }];
    await userEvent.click(upgrade);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
  });

  it('offers Manage Subscription to a Pro learner', async () => {
    tokenStore.set('jwt');
    stubFetch(() => [200, { tier: 'pro', isActive: true, endDate: '2026-12-24T12:00:00.000Z' }]);
    renderPage(<PlanCards />, { path: '/pricing' });
    await card('Professional').findByRole('link', { name: 'Manage Subscription' });
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).toBeNull();
  });
});
