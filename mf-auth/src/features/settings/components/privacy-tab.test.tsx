// @vitest-environment jsdom
import { bus } from '@mindpath/events';
import { localStore, sessionStore } from '@mindpath/sdk/local-store';
import { themeStore } from '@mindpath/ui/theme';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrivacyTab } from './privacy-tab.tsx';

beforeEach(() => {
  localStorage.clear();
  themeStore.reset();
});
afterEach(cleanup);

function seed() {
  localStore.set('token', 'jwt');
  localStore.set('theme', 'light');
  localStore.set('rememberMe', true);
  localStore.set('username', 'ada');
  localStore.set('userAvatar', 'pixel');
  localStorage.setItem('mindpath.cookieConsent', '{"necessary":true}');
  localStorage.setItem('pomodoroSettings', '{}');
  localStorage.setItem('unrelated-site-key', 'x');
  sessionStore.set('fromRegistration', true);
  themeStore.set('light');
}

describe('PrivacyTab', () => {
  it('links to the privacy policy', () => {
    render(<PrivacyTab />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Read the privacy policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
  });

  it('clears local preferences after confirmation, keeping the token', async () => {
    seed();
    const toasts: unknown[] = [];
    const off = bus.on('toast', (t) => toasts.push(t));
    const user = userEvent.setup();
    render(<PrivacyTab />, { wrapper: MemoryRouter });

    await user.click(screen.getByRole('button', { name: 'Clear local preferences' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Clear local preferences?' });
    expect(dialog).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear preferences' }));
    off();

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(localStore.get('token')).toBe('jwt');
    expect(localStore.get('theme')).toBeUndefined();
    expect(localStore.get('rememberMe')).toBeUndefined();
    expect(localStore.get('username')).toBeUndefined();
    expect(localStore.get('userAvatar')).toBeUndefined();
    expect(localStorage.getItem('mindpath.cookieConsent')).toBeNull();
    expect(localStorage.getItem('pomodoroSettings')).toBeNull();
    expect(localStorage.getItem('unrelated-site-key')).toBe('x');
    expect(themeStore.get()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(toasts).toEqual([{ message: 'Local preferences cleared', kind: 'success', durationMs: 3000 }]);
  });

  it('changes nothing when cancelled or escaped', async () => {
    seed();
    const user = userEvent.setup();
    const spy = vi.fn();
    const off = bus.on('toast', spy);
    render(<PrivacyTab />, { wrapper: MemoryRouter });
    await user.click(screen.getByRole('button', { name: 'Clear local preferences' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Clear local preferences' }));
    await user.keyboard('{Escape}');
    off();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(localStore.get('userAvatar')).toBe('pixel');
    expect(spy).not.toHaveBeenCalled();
  });
});
