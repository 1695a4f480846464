// @vitest-environment jsdom
import { SUBSCRIPTION_MESSAGES } from '@mindpath/contracts/subscriptions';
import { bus } from '@mindpath/events';
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { browserLocation } from '@mindpath/sdk/checkout';
import { localStore, sessionStore } from '@mindpath/sdk/local-store';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from './register-page.tsx';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location').textContent;
const submit = () => screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement;

async function fill(user: ReturnType<typeof userEvent.setup>, password = 'Str0ng!pass') {
  await user.type(screen.getByLabelText('Username'), 'ada');
  await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
  await user.type(screen.getByLabelText('Password'), password);
}

describe('RegisterPage', () => {
  it('keeps submit disabled until the terms are ticked', async () => {
    stubFetch(() => [500, {}]);
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await fill(user);
    expect(submit().disabled).toBe(true);
    const terms = screen.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' });
    await user.click(terms);
    expect(submit().disabled).toBe(false);
    await user.click(terms);
    expect(submit().disabled).toBe(true);
  });

  it('updates the strength meter and requirement list live', async () => {
    stubFetch(() => [500, {}]);
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    await user.type(screen.getByLabelText('Password'), 'a');
    expect(meter.getAttribute('aria-valuetext')).toBe('Weak');
    await user.type(screen.getByLabelText('Password'), 'A1');
    expect(meter.getAttribute('aria-valuetext')).toBe('Fair');
    await user.type(screen.getByLabelText('Password'), 'bcdef');
    expect(meter.getAttribute('aria-valuetext')).toBe('Good');
    await user.type(screen.getByLabelText('Password'), '!');
    expect(meter.getAttribute('aria-valuetext')).toBe('Strong');
    const rules = screen.getByRole('list', { name: 'Password requirements' });
    expect(rules.textContent).not.toContain('(not met)');
  });

  it('refuses a weak password without calling the API', async () => {
    const calls = stubFetch(() => [200, { token: 't' }]);
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await fill(user, 'weakpass');
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' }));
    await user.click(submit());
    expect(screen.getByRole('alert').textContent).toContain('Please fix the password issues below');
    expect(calls).toHaveLength(0);
  });

  it('shows the duplicate-email notification and hides it after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(() => [409, { message: 'User with this email already exists', code: 'EMAIL_TAKEN' }]);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage(<RegisterPage />, { path: '/register' });
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' }));
    await user.click(submit());
    const notice = await screen.findByText('User with this email already exists');
    expect(notice).toBeTruthy();
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByText('User with this email already exists')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('User with this email already exists')).toBeNull();
    expect(location()).toBe('/register');
    expect(sessionStore.get('fromRegistration')).toBeUndefined();
  });

  it('shows other failures with the server message or the fallback', async () => {
    stubFetch(() => [400, { message: 'Please enter a valid email address', code: 'VALIDATION' }]);
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' }));
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a valid email address');
  });

  it('registers, sets the from-registration flag and goes to /goals', async () => {
    const calls = stubFetch(() => [201, { token: 'jwt-new' }]);
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register?plan=free' });
    expect(screen.getByText('Basic plan selected')).toBeTruthy();
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' }));
    await user.click(submit());
    await waitFor(() => expect(location()).toBe('/goals'));
    expect(calls).toEqual([
      {
        url: '/api/auth/register',
        method: 'POST',
        body: { username: 'ada', email: 'ada@example.com', password: 'Str0ng!pass' },
      },
    ]);
    expect(sessionStore.get('fromRegistration')).toBe(true);
    expect(localStore.get('token')).toBe('jwt-new');
  });

  it('sets the from-registration flag before the token is stored (the shell guard reads it on auth-change)', async () => {
    stubFetch(() => [201, { token: 'jwt-new' }]);
    const seen: (boolean | undefined)[] = [];
    const off = bus.on('auth-change', () => seen.push(sessionStore.get('fromRegistration')));
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' }));
    await user.click(submit());
    await waitFor(() => expect(location()).toBe('/goals'));
    off();
    expect(seen).toEqual([true]);
  });

  it('a registration from the Pro button goes on to checkout once the account is made', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const calls = stubFetch(({ url }) =>
      url.endsWith('/auth/register')
        ? [201, { token: 'jwt-new' }]
        : [200, { sessionId: 'cs_1', publicKey: 'pk', url: 'https://pay.example/cs_1' }],
    );
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register?plan=pro' });
    expect(screen.getByText('Professional plan selected')).toBeTruthy();
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' }));
    await user.click(submit());
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(calls.map((c) => c.url)).toEqual([
      '/api/auth/register',
      '/api/subscriptions/create-checkout-session',
    ]);
    expect(localStore.get('token')).toBe('jwt-new');
  });

  it('tells by a toast when the checkout after a Pro registration cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(({ url }) => (url.endsWith('/auth/register') ? [201, { token: 'jwt-new' }] : [500, {}]));
    const toasts: unknown[] = [];
    const off = bus.on('toast', (t) => toasts.push(t));
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register?plan=pro' });
    await fill(user);
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the Terms & Conditions' }));
    await user.click(submit());
    await waitFor(() =>
      expect(toasts).toEqual([{ message: SUBSCRIPTION_MESSAGES.upgradeFailed, kind: 'error' }]),
    );
    off();
  });

  it('goes to / on Escape', async () => {
    stubFetch(() => [500, {}]);
    const user = userEvent.setup();
    renderPage(<RegisterPage />, { path: '/register' });
    await user.keyboard('{Escape}');
    expect(location()).toBe('/');
  });
});
