// @vitest-environment jsdom

import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location').textContent;

describe('LoginPage', () => {
  it('is a labelled dialog with the spec controls', () => {
    stubFetch(() => [500, {}]);
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('dialog', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Remember me for 30 days' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forgot password?' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
  });

  it('requires both fields before calling the API', async () => {
    const calls = stubFetch(() => [200, { token: 't' }]);
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toContain('Email and password are required');
    expect(calls).toHaveLength(0);
  });

  it('shows the server message on 401', async () => {
    stubFetch(() => [401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }]);
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');
    expect(location()).toBe('/login');
    expect(localStore.get('token')).toBeUndefined();
  });

  it('falls back to the spec message when the server says nothing', async () => {
    stubFetch(() => [500, undefined]);
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to login. Please try again.');
  });

  it('logs in, stores the token and the remember-me flag, and goes to /home', async () => {
    const calls = stubFetch(() => [200, { token: 'jwt-1' }]);
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), '  learner@example.com ');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me for 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/home'));
    expect(calls).toEqual([
      {
        url: '/api/auth/login',
        method: 'POST',
        body: { email: 'learner@example.com', password: 'Secret1!' },
      },
    ]);
    expect(localStore.get('token')).toBe('jwt-1');
    expect(localStore.get('rememberMe')).toBe(true);
  });

  it('leaves the remember-me flag unset when not ticked', async () => {
    localStore.set('rememberMe', true);
    stubFetch(() => [200, { token: 'jwt-2' }]);
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login' });
    const remember = screen.getByRole('checkbox', { name: 'Remember me for 30 days' }) as HTMLInputElement;
    expect(remember.checked).toBe(true);
    await user.click(remember);
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/home'));
    expect(localStore.get('rememberMe')).toBeUndefined();
  });

  it('toggles password visibility with an accessible button', async () => {
    stubFetch(() => [500, {}]);
    const user = userEvent.setup();
    renderPage(<LoginPage />, { path: '/login' });
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('goes to / on Escape and on a backdrop click', async () => {
    stubFetch(() => [500, {}]);
    const user = userEvent.setup();
    const first = renderPage(<LoginPage />, { path: '/login' });
    await user.keyboard('{Escape}');
    expect(location()).toBe('/');
    first.unmount();

    renderPage(<LoginPage />, { path: '/login' });
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(location()).toBe('/');
  });
});
