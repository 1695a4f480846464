// @vitest-environment jsdom
import { SHARE_MESSAGES, type SharedRoadmap } from '@mindpath/contracts/roadmap-shares';
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { localStore, sessionStore } from '@mindpath/sdk/local-store';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SharedRoadmapPage from './shared-roadmap-page.tsx';

const SLUG = 'AbCdEfGhIjKlMnOpQrStUv';
const SHARED: SharedRoadmap = {
  slug: SLUG,
  goal: 'Learn Rust <b>now</b>',
  level: 'Beginner',
  sections: [
    { name: 'Foundations', lessons: [{ title: 'Setup', estimatedTimeInMinutes: 30 }] },
    { name: 'Ownership', lessons: [{ title: 'Borrowing', estimatedTimeInMinutes: 90 }] },
  ],
};
const LIMIT = {
  message: 'You can have 1 goal in progress with your current plan.',
  subscriptionMessage: 'Upgrade to Pro to work on up to 10 goals at once.',
  hoursUntilReset: 72,
  currentCount: 1,
  maxRequests: 1,
  code: 'PLAN_LIMIT',
};

const open = () => renderPage(<SharedRoadmapPage />, { path: `/share/${SLUG}`, route: '/share/:slug' });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SharedRoadmapPage', () => {
  it('shows the goal as text, its sections and lesson titles; a visitor is sent to register with the copy waiting', async () => {
    stubFetch(({ url }) => (url === `/api/shares/${SLUG}` ? [200, SHARED] : [404, {}]));
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Learn Rust <b>now</b>' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Ownership' })).toBeTruthy();
    expect(screen.getByText('Borrowing')).toBeTruthy();
    expect(screen.getByText('(1.5 h)')).toBeTruthy();
    expect(screen.queryByText(/lessons completed/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Use this roadmap' }));
    expect(location()).toBe('/register');
    expect(sessionStore.get('sharedRoadmapToCopy')).toBe(SLUG);
  });

  it('copies at once for a logged-in learner, or says the plan limit in learner words', async () => {
    localStore.set('token', 'jwt');
    let refuse = true;
    const calls = stubFetch(({ url, method }) => {
      if (url === `/api/shares/${SLUG}`) return [200, SHARED];
      if (url === `/api/shares/${SLUG}/copy` && method === 'POST')
        return refuse ? [429, LIMIT] : [201, { goalId: 'g-1' }];
      return [404, {}];
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Use this roadmap' }));
    expect(await screen.findByText(LIMIT.message)).toBeTruthy();
    expect(screen.getByText(LIMIT.subscriptionMessage)).toBeTruthy();
    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Use this roadmap' }));
    await vi.waitFor(() => expect(location()).toBe('/learning-plan/g-1'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('back from registering, makes the copy that was waiting', async () => {
    localStore.set('token', 'jwt');
    sessionStore.set('sharedRoadmapToCopy', SLUG);
    stubFetch(({ url }) => {
      if (url === `/api/shares/${SLUG}`) return [200, SHARED];
      if (url === `/api/shares/${SLUG}/copy`) return [201, { goalId: 'g-2' }];
      return [404, {}];
    });
    open();
    await vi.waitFor(() => expect(location()).toBe('/learning-plan/g-2'));
    expect(sessionStore.get('sharedRoadmapToCopy')).toBeUndefined();
  });

  it('a revoked link says so', async () => {
    stubFetch(() => [404, { message: SHARE_MESSAGES.notFound, code: 'NOT_FOUND' }]);
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Roadmap not found' })).toBeTruthy();
    expect(screen.getByText(SHARE_MESSAGES.notFound)).toBeTruthy();
  });
});
