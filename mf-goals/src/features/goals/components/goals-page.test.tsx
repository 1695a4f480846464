// @vitest-environment jsdom

import { renderPage } from '@mindpath/mf/render-page';
import { localStore, sessionStore } from '@mindpath/sdk/local-store';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, makeGoal } from '../../../test-utils/fake-api.ts';
import { DEFAULT_GOAL_IMAGE } from './goal-image.tsx';
import GoalsPage from './goals-page.tsx';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const location = () => screen.getByTestId('location');

describe('GoalsPage', () => {
  it("shows 'Loading goals...', then the active goal with its progress and Resume course", async () => {
    const active = makeGoal({
      description: 'Practitioner: Rust async',
      level: 'Practitioner',
      isActive: true,
      imageUrl: '/api/media/goals/x.svg',
      progress: 40,
      goalProgress: { completionPercentage: 40, completedLessons: 4, totalLessons: 10 },
    });
    fakeApi({ goals: [active] });
    renderPage(<GoalsPage />, { path: '/goals' });
    expect(screen.getByText('Loading goals...')).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Active goal: Rust async' });
    expect(within(card).getByText('Practitioner')).toBeTruthy();
    expect(within(card).getByText('40% complete')).toBeTruthy();
    expect(within(card).getByText('4 of 10 lessons completed')).toBeTruthy();
    expect(within(card).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(card).getByRole('link', { name: 'Resume course' }).getAttribute('href')).toBe(
      `/learning-plan/${active.id}`,
    );
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/api/media/goals/x.svg');
  });

  it('falls back to the default goal image when there is none or it fails to load', async () => {
    const goal = makeGoal({ isActive: true, imageUrl: '/api/media/goals/missing.svg' });
    fakeApi({ goals: [goal, makeGoal({ description: 'Beginner: Go', imageUrl: null })] });
    renderPage(<GoalsPage />, { path: '/goals' });
    const img = (await screen.findByRole('article', { name: 'Active goal: Learn SQL' })).querySelector('img');
    fireEvent.error(img as HTMLImageElement);
    expect(img?.getAttribute('src')).toBe(DEFAULT_GOAL_IMAGE);
    expect(screen.getByRole('article', { name: 'Go' }).querySelector('img')?.getAttribute('src')).toBe(
      DEFAULT_GOAL_IMAGE,
    );
  });

  it("sets another goal active with 'Active goal updated successfully!' for 3 s, reloading the lists", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const other = makeGoal({ description: 'Beginner: Go' });
    const api = fakeApi({ goals: [makeGoal({ isActive: true }), other] });
    renderPage(<GoalsPage />, { path: '/goals' });
    const card = await screen.findByRole('article', { name: 'Go' });
    await user.click(within(card).getByRole('button', { name: 'Set as active' }));
    expect(await screen.findByText('Active goal updated successfully!')).toBeTruthy();
    expect(api.sent('PUT', new RegExp(`/goals/${other.id}/set-active$`))).toHaveLength(1);
    expect(await screen.findByRole('article', { name: 'Active goal: Go' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(screen.queryByText('Active goal updated successfully!')).toBeNull());
  });

  it('deletes after confirmation, removing the goal at once', async () => {
    const user = userEvent.setup();
    const goal = makeGoal({ isActive: true });
    const api = fakeApi({ goals: [goal] });
    renderPage(<GoalsPage />, { path: '/goals' });
    await user.click(await screen.findByRole('button', { name: 'Delete goal Learn SQL' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete goal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.sent('DELETE', /\/goals\//)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Delete goal Learn SQL' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('article', { name: 'Active goal: Learn SQL' })).toBeNull();
    await waitFor(() => expect(api.sent('DELETE', new RegExp(`/goals/${goal.id}$`))).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Reload Page' })).toBeTruthy();
  });

  it("lists completed goals with their date, 'Avg Score: 85%' and View Roadmap", async () => {
    const done = makeGoal({
      description: 'Advanced: Compilers',
      level: 'Advanced',
      isCompleted: true,
      completedAt: '2026-02-10T12:00:00.000Z',
      progress: 100,
    });
    fakeApi({ goals: [done] });
    renderPage(<GoalsPage />, { path: '/goals' });
    const section = await screen.findByRole('region', { name: 'Completed Goals' });
    const card = within(section).getByRole('article', { name: 'Compilers' });
    expect(within(card).getByText('Completed')).toBeTruthy();
    expect(card.textContent).toMatch(/Completed on .*2026.*Avg Score: 85%/);
    expect(within(card).getByRole('link', { name: 'View Roadmap' }).getAttribute('href')).toBe(
      `/learning-plan/${done.id}`,
    );
  });

  it('shows the empty state with Reload Page, and the welcome banner after registration', async () => {
    sessionStore.set('fromRegistration', true);
    fakeApi({ goals: [] });
    renderPage(<GoalsPage />, { path: '/goals' });
    expect(await screen.findByRole('button', { name: 'Reload Page' })).toBeTruthy();
    expect(screen.getByText('Welcome to Mindpath!')).toBeTruthy();
  });

  it('offers the way to a first goal from the empty state: Add Your First Goal opens the wizard route', async () => {
    const user = userEvent.setup();
    fakeApi({ goals: [] });
    renderPage(<GoalsPage />, { path: '/goals' });
    const empty = await screen.findByRole('region', { name: 'No goals yet' });
    await user.click(within(empty).getByRole('button', { name: 'Add Your First Goal' }));
    expect(location().textContent).toBe('/goals/new');
  });

  it("says 'Could not load goals.' when the list fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"boom","code":"X"}', { status: 500 })),
    );
    renderPage(<GoalsPage />, { path: '/goals' });
    expect(await screen.findByText('Could not load goals.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeTruthy();
  });

  it('opens the wizard route, or for a free learner with a goal in progress the goal-limit dialog', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ goals: [] });
    renderPage(<GoalsPage />, { path: '/goals' });
    await screen.findByRole('button', { name: 'Reload Page' });
    await user.click(screen.getByRole('button', { name: 'Add New Goal' }));
    expect(location().textContent).toBe('/goals/new');
    cleanup();

    api.state.goals = [makeGoal({ isActive: true })];
    renderPage(<GoalsPage />, { path: '/goals' });
    await screen.findByRole('article', { name: 'Active goal: Learn SQL' });
    await user.click(screen.getByRole('button', { name: 'Add New Goal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Goal Limit Reached' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue with Free' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(location().textContent).toBe('/goals');
    await user.click(screen.getByRole('button', { name: 'Add New Goal' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Get Pro' }));
    expect(location().textContent).toBe('/settings');
    expect(location().dataset.state).toBe('{"activeTab":"subscription"}');
  });
});
