// @vitest-environment jsdom
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { toastStore } from '@mindpath/ui/toast';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataExport } from './data-export.tsx';

const ID = '66666666-6666-4666-8666-666666666666';
const CREATED = '2026-11-28T10:00:00.000Z';
// the newest export as GET /api/account/exports/latest answers it (null: 404), and what POST answers
let latest: Record<string, unknown> | null = null;
let startStatus = 202;

beforeEach(() => {
  localStore.set('token', 'jwt');
  latest = null;
  startStatus = 202;
  stubFetch(({ url, method }) => {
    if (url === '/api/account/exports' && method === 'POST') {
      if (startStatus !== 202)
        return [startStatus, { message: 'Too many requests, please wait a minute.', code: 'RATE_LIMITED' }];
      latest = { id: ID, status: 'running', progress: 35, createdAt: CREATED };
      return [202, latest];
    }
    if (url === '/api/account/exports/latest')
      return latest
        ? [200, latest]
        : [404, { message: 'There is no download of your data yet.', code: 'NOT_FOUND' }];
    return [404, { message: 'no fake', code: 'NOT_FOUND' }];
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DataExport', () => {
  it('starts a download, shows its progress, then the link with its size and until when it works', async () => {
    const user = userEvent.setup();
    renderPage(<DataExport />);
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByLabelText(/Preparing your download… 35%/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /download/i })).toBeNull();
    latest = {
      id: ID,
      status: 'ready',
      progress: 100,
      createdAt: CREATED,
      size: 2.5 * 1024 * 1024,
      readyAt: '2026-11-28T10:01:00.000Z',
      expiresAt: '2026-12-05T10:01:00.000Z',
      downloadUrl: `/api/account/exports/${ID}/download?expires=1&signature=x`,
    };
    const link = await screen.findByRole(
      'link',
      { name: /Download your data \(zip, 2\.5 MB\)/ },
      { timeout: 5000 },
    );
    expect(link.getAttribute('href')).toBe(latest.downloadUrl);
    expect(screen.getByText(/Available until/).textContent).toContain('2026');
    expect(screen.getByRole('button', { name: 'Prepare a new download' })).toBeTruthy();
  });

  it('says a failed or expired download plainly, and a refusal as a toast in the server’s words', async () => {
    latest = {
      id: ID,
      status: 'failed',
      progress: 40,
      createdAt: CREATED,
      error: 'Your download could not be prepared. Please try again.',
    };
    renderPage(<DataExport />);
    expect((await screen.findByRole('alert')).textContent).toContain('could not be prepared');
    cleanup();
    latest = { id: ID, status: 'expired', progress: 100, createdAt: CREATED };
    startStatus = 429;
    const user = userEvent.setup();
    renderPage(<DataExport />);
    expect(await screen.findByText(/Your last download has expired/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Prepare a new download' }));
    await waitFor(() =>
      expect(toastStore.get().map((t) => t.message)).toContain('Too many requests, please wait a minute.'),
    );
  });
});
