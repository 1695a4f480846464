// @vitest-environment jsdom
import { SUBSCRIPTION_MESSAGES } from '@mindpath/contracts/subscriptions';
import { bus } from '@mindpath/events';
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { browserLocation } from '@mindpath/sdk/checkout';
import { tokenStore } from '@mindpath/sdk/token-store';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATUS_MESSAGE_MS } from '../hooks/use-status-message.ts';
import SubscriptionTab from './subscription-tab.tsx';

const END = '2026-12-24T12:00:00.000Z';
const FREE = { tier: 'free', isActive: true, endDate: null };
const PRO = { tier: 'pro', isActive: true, endDate: END };
const PAYMENT = {
  id: '00000000-0000-4000-8000-000000000001',
  createdAt: '2026-11-24T12:00:00.000Z',
  amountCents: 2000,
  currency: 'usd',
  status: 'paid',
  description: 'Mindpath Professional',
  cardBrand: 'visa',
  cardLast4: '4242',
};
type Answer = [number, unknown];

function serve(answers: { status: Answer; checkout?: Answer; cancel?: Answer; payments?: Answer }) {
  return stubFetch(({ url }) => {
    if (url.endsWith('/subscriptions/status')) return answers.status;
    if (url.endsWith('/subscriptions/payments')) return answers.payments ?? [200, { payments: [] }];
    if (url.endsWith('/subscriptions/create-checkout-session')) return answers.checkout ?? [500, {}];
    if (url.endsWith('/subscriptions/cancel')) return answers.cancel ?? [500, {}];
    return [404, { message: 'Not found', code: 'NOT_FOUND' }];
  });
}

const location = () => screen.getByTestId('location').textContent;
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => {
  tokenStore.set('jwt');
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  tokenStore.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Subscription tab: the free plan', () => {
  it('shows the plan, price and status, and Upgrade to Pro sends the browser to the checkout URL', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const calls = serve({
      status: [200, FREE],
      checkout: [200, { sessionId: 'cs_1', publicKey: 'pk', url: 'https://pay.example/cs_1' }],
    });
    renderPage(<SubscriptionTab />, { path: '/settings' });
    await screen.findByRole('heading', { name: 'Subscription' });
    expect(fact('Plan')).toBe('Basic');
    expect(fact('Price')).toBe('$0/month');
    expect(fact('Status')).toBe('Free');
    expect(await screen.findByText('No payments yet.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/subscriptions/create-checkout-session',
    ]);
  });

  it("says 'Failed to initiate upgrade.' when the session cannot be made, and clears it after 5 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({ status: [200, FREE], checkout: [500, { message: 'Internal Server Error', code: 'INTERNAL' }] });
    renderPage(<SubscriptionTab />, { path: '/settings' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      SUBSCRIPTION_MESSAGES.settingsUpgradeFailed,
    );
    act(() => vi.advanceTimersByTime(STATUS_MESSAGE_MS));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("prefers the server's message", async () => {
    serve({
      status: [200, FREE],
      checkout: [409, { message: 'A checkout is already open.', code: 'CONFLICT' }],
    });
    renderPage(<SubscriptionTab />, { path: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A checkout is already open.');
  });

  it('goes to /register?plan=pro on a 401', async () => {
    serve({
      status: [200, FREE],
      checkout: [401, { message: 'Authentication required', code: 'UNAUTHORIZED' }],
    });
    renderPage(<SubscriptionTab />, { path: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    await waitFor(() => expect(location()).toBe('/register?plan=pro'));
  });

  it("says 'Failed to load subscription status.' when the status cannot be read", async () => {
    serve({ status: [500, {}] });
    renderPage(<SubscriptionTab />, { path: '/settings' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      SUBSCRIPTION_MESSAGES.settingsLoadStatusFailed,
    );
  });
});

describe('Subscription tab: Pro', () => {
  it('shows the renewal date and the billing history with the card brand and last four', async () => {
    serve({ status: [200, PRO], payments: [200, { payments: [PAYMENT] }] });
    renderPage(<SubscriptionTab />, { path: '/settings' });
    await screen.findByRole('heading', { name: 'Subscription' });
    expect(fact('Plan')).toContain('Professional');
    expect(fact('Price')).toBe('$20/month');
    expect(fact('Status')).toBe('Active');
    expect(fact('Renews on')).toBe(new Date(END).toLocaleDateString(undefined, { dateStyle: 'long' }));
    const table = await screen.findByRole('table', { name: 'Billing history' });
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      new Date(PAYMENT.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' }),
      '$20.00',
      'Paid',
      'Visa •••• 4242',
    ]);
  });

  it('cancels after a confirmation that says what cancelling does, then refreshes the status 3 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serve({
      status: [200, PRO],
      cancel: [200, { message: 'Your subscription has been cancelled.' }],
    });
    const updated = vi.fn();
    const off = bus.on('subscription-updated', updated);
    renderPage(<SubscriptionTab />, { path: '/settings' });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your Pro subscription?' });
    const date = new Date(END).toLocaleDateString(undefined, { dateStyle: 'long' });
    expect(dialog.textContent).toContain('No further charges will be made.');
    expect(dialog.textContent).toContain('stays Professional but becomes inactive, so Pro features stop');
    expect(dialog.textContent).toContain(`On ${date} you move to the free Basic plan.`);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    const done = await screen.findByText('Your subscription has been cancelled.');
    expect(done.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/subscriptions/cancel'))).toBe(true);
    expect(updated).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(3000));
    expect(updated).toHaveBeenCalledTimes(1);
    off();
  });

  it('opens the confirmation by keyboard with the focus on Keep Pro, and Escape closes it', async () => {
    serve({ status: [200, PRO] });
    renderPage(<SubscriptionTab />, { path: '/settings' });
    const user = userEvent.setup();
    const trigger = await screen.findByRole('button', { name: 'Cancel subscription' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep Pro' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it("keeps Pro when the dialog is dismissed, and says 'Failed to cancel subscription.' on a failure", async () => {
    const calls = serve({ status: [200, PRO], cancel: [500, {}] });
    renderPage(<SubscriptionTab />, { path: '/settings' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('button', { name: 'Keep Pro' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.url.endsWith('/subscriptions/cancel'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel subscription' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      SUBSCRIPTION_MESSAGES.settingsCancelFailed,
    );
  });

  it('shows a cancelled subscription with its end date and no further charges', async () => {
    serve({ status: [200, { tier: 'pro', isActive: false, endDate: END }] });
    renderPage(<SubscriptionTab />, { path: '/settings' });
    await screen.findByRole('heading', { name: 'Subscription' });
    const date = new Date(END).toLocaleDateString(undefined, { dateStyle: 'long' });
    expect(fact('Status')).toBe('Cancelled');
    expect(fact('Ends on')).toBe(date);
    expect(
      screen.getByText(/Pro features have stopped and no further charges will be made/).textContent,
    ).toContain(`On ${date} you move to the free Basic plan.`);
    expect(screen.getByRole('button', { name: 'Upgrade to Pro' })).toBeTruthy();
  });
});
