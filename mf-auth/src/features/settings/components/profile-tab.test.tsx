// @vitest-environment jsdom
import { bus } from '@mindpath/events';
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileTab } from './profile-tab.tsx';

const USER = { id: 'u1', username: 'ada', email: 'ada@example.com', firstName: null, goalDescription: null };

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ProfileTab', () => {
  it('shows the email read-only and the server username by default', async () => {
    const calls = stubFetch(() => [200, USER]);
    renderPage(<ProfileTab />, { path: '/settings' });
    const email = (await screen.findByDisplayValue('ada@example.com')) as HTMLInputElement;
    expect(email.readOnly).toBe(true);
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('ada');
    expect(calls[0]?.url).toBe('/api/user');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves the username locally after the simulated delay and raises a toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch(() => [200, USER]);
    const toasts: unknown[] = [];
    const off = bus.on('toast', (t) => toasts.push(t));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage(<ProfileTab />, { path: '/settings' });
    const username = (await screen.findByDisplayValue('ada')) as HTMLInputElement;
    await user.clear(username);
    await user.type(username, 'Ada L.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(localStore.get('username')).toBeUndefined();
    act(() => vi.advanceTimersByTime(1000));
    off();
    expect(localStore.get('username')).toBe('Ada L.');
    expect(toasts).toEqual([{ message: 'Profile saved', kind: 'success', durationMs: 3000 }]);
  });

  it('prefers the locally stored username', async () => {
    localStore.set('username', 'Countess');
    stubFetch(() => [200, USER]);
    renderPage(<ProfileTab />, { path: '/settings' });
    await screen.findByDisplayValue('ada@example.com');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('Countess');
  });
});
