// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTheme, ThemeToggle, themeStore } from './theme.tsx';

beforeEach(() => {
  localStorage.clear();
  themeStore.reset();
  delete document.documentElement.dataset.theme;
});
afterEach(cleanup);

describe('theme', () => {
  it('defaults to dark', () => {
    expect(readTheme()).toBe('dark');
    localStorage.setItem('mindpath.theme', '"purple"');
    expect(readTheme()).toBe('dark');
  });

  it('persists the choice in localStore and applies data-theme on <html>', () => {
    themeStore.set('light');
    expect(localStorage.getItem('mindpath.theme')).toBe('"light"');
    expect(document.documentElement.dataset.theme).toBe('light');
    themeStore.reset();
    expect(themeStore.get()).toBe('light');
  });

  it('the toggle switches and re-renders', async () => {
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Switch to light theme' });
    await userEvent.click(button);
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeTruthy();
    act(() => themeStore.set('dark'));
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
  });
});
