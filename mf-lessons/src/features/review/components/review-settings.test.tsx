// @vitest-environment jsdom
import { DEFAULT_REVIEW_SETTINGS } from '@mindpath/contracts/reviews';
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReviewSettingsPanel, SETTINGS_MESSAGES } from './review-settings.tsx';

beforeEach(() => localStore.set('token', 'jwt'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function server(saveStatus = 200) {
  return stubFetch(({ url, method, body }) => {
    if (url.includes('/reviews/settings')) {
      if (method === 'PUT')
        return saveStatus === 200 ? [200, body] : [saveStatus, { message: 'x', code: 'X' }];
      return [200, DEFAULT_REVIEW_SETTINGS];
    }
    return [200, { cards: [], total: 0, counts: { learning: 0, review: 0, new: 0 }, nextDueAt: null }];
  });
}

async function open() {
  renderPage(<ReviewSettingsPanel />);
  await userEvent.click(screen.getByText('Review settings'));
  return screen.findByLabelText('Target recall (%)');
}

describe('ReviewSettingsPanel', () => {
  it('shows the saved settings, refuses values out of bounds, then saves', async () => {
    const calls = server();
    const recall = await open();
    expect((recall as HTMLInputElement).value).toBe('90');
    expect((screen.getByLabelText('New cards per day') as HTMLInputElement).value).toBe('20');
    await userEvent.clear(recall);
    await userEvent.type(recall, '100');
    await userEvent.click(screen.getByRole('button', { name: 'Save review settings' }));
    expect(screen.getByText('Enter a whole number from 70 to 99.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.clear(recall);
    await userEvent.type(recall, '85');
    const perDay = screen.getByLabelText('New cards per day');
    await userEvent.clear(perDay);
    await userEvent.type(perDay, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save review settings' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saved)).toBeTruthy();
    expect(screen.queryByText('Enter a whole number from 70 to 99.')).toBeNull();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      requestRetention: 0.85,
      newPerDay: 5,
      reviewsPerDay: 200,
    });
  });

  it('says so when the server does not save them', async () => {
    server(500);
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Save review settings' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.saveFailed)).toBeTruthy();
  });
});
