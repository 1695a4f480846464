// @vitest-environment jsdom
import { bus } from '@mindpath/events';
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { localStore, sessionStore } from '@mindpath/sdk/local-store';
import { themeStore } from '@mindpath/ui/theme';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_FAILED } from './material-storage.tsx';
import { PrivacyTab } from './privacy-tab.tsx';

// the calendar feed's secret, as the API answers it: off until turned on
let feedUrl: string | null = null;
// what the learner's material takes, as GET /api/sources/storage answers it; a status to fail with
let storage: { status: number; body: unknown } = {
  status: 200,
  body: { sources: 0, textBytes: 0, originalBytes: 0, goals: [] },
};
const GOAL_ID = '55555555-5555-4555-8555-555555555555';
beforeEach(() => {
  localStorage.clear();
  themeStore.reset();
  feedUrl = null;
  stubFetch(({ url, method }) => {
    if (url === '/api/schedule/feed') {
      if (method === 'POST')
        feedUrl = `http://localhost/api/calendar/secret${Math.random().toString(36).slice(2)}.ics`;
      if (method === 'DELETE') feedUrl = null;
      return [200, { url: feedUrl }];
    }
    if (url === '/api/sources/storage') return [storage.status, storage.body];
    return [404, { message: 'no fake', code: 'NOT_FOUND' }];
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
  it('shows what the material added to goals takes, by goal, each linked to its plan', async () => {
    localStore.set('token', 'jwt');
    storage = {
      status: 200,
      body: {
        sources: 3,
        textBytes: 1.5 * 1024 * 1024,
        originalBytes: 6 * 1024 * 1024,
        goals: [
          {
            goalId: GOAL_ID,
            goal: 'Learn <b>Rust</b>',
            sources: 3,
            textBytes: 1.5 * 1024 * 1024,
            originalBytes: 6 * 1024 * 1024,
          },
        ],
      },
    };
    renderPage(<PrivacyTab />, { path: '/settings' });
    const section = screen.getByRole('region', { name: 'Your material' });
    expect(await within(section).findByText('1.5 MB of text')).toBeTruthy();
    expect(section.textContent).toContain('from 3 sources (6 MB as added)');
    // the goal's text is the learner's: shown as text, never as markup
    const link = within(section).getByRole('link', { name: 'Learn <b>Rust</b>' });
    expect(link.getAttribute('href')).toBe(`/learning-plan/${GOAL_ID}`);
    expect(within(section).getByRole('list', { name: 'Material by goal' }).textContent).toContain(
      '3 sources, 1.5 MB of text',
    );
  });

  it('says when no material was added', async () => {
    localStore.set('token', 'jwt');
    storage = { status: 200, body: { sources: 0, textBytes: 0, originalBytes: 0, goals: [] } };
    renderPage(<PrivacyTab />, { path: '/settings' });
    expect(await screen.findByText('You have not added any material yet.')).toBeTruthy();
  });

  it('offers a retry when storage cannot be read', async () => {
    localStore.set('token', 'jwt');
    storage = { status: 500, body: { message: 'boom', code: 'INTERNAL' } };
    renderPage(<PrivacyTab />, { path: '/settings' });
    // a server failure is tried once more before it is shown
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toBe(STORAGE_FAILED);
    storage = { status: 200, body: { sources: 0, textBytes: 0, originalBytes: 0, goals: [] } };
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have not added any material yet.')).toBeTruthy();
  });

  it('links to the privacy policy', () => {
    renderPage(<PrivacyTab />, { path: '/settings' });
    expect(screen.getByRole('link', { name: 'Read the privacy policy' }).getAttribute('href')).toBe(
      '/privacy-policy',
    );
  });

  it('clears local preferences after confirmation, keeping the token', async () => {
    seed();
    const toasts: unknown[] = [];
    const off = bus.on('toast', (t) => toasts.push(t));
    const user = userEvent.setup();
    renderPage(<PrivacyTab />, { path: '/settings' });

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
    renderPage(<PrivacyTab />, { path: '/settings' });
    await user.click(screen.getByRole('button', { name: 'Clear local preferences' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Clear local preferences' }));
    await user.keyboard('{Escape}');
    off();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(localStore.get('userAvatar')).toBe('pixel');
    expect(spy).not.toHaveBeenCalled();
  });

  it('turns the calendar feed on, gives it a new link, and turns it off', async () => {
    localStore.set('token', 'jwt');
    const user = userEvent.setup();
    renderPage(<PrivacyTab />, { path: '/settings' });
    const section = screen.getByRole('region', { name: 'Calendar feed' });
    await user.click(await within(section).findByRole('button', { name: 'Turn on calendar feed' }));
    const link = (await within(section).findByRole('textbox', { name: 'Calendar link' })) as HTMLInputElement;
    const first = link.value;
    expect(first).toMatch(/\/api\/calendar\/secret.+\.ics$/);
    await user.click(within(section).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() => expect(link.value).not.toBe(first));
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    expect(await within(section).findByRole('button', { name: 'Turn on calendar feed' })).toBeTruthy();
  });
});
