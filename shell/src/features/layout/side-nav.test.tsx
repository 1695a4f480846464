// @vitest-environment jsdom
import { OptimizedPlanDataSchema } from '@mindpath/contracts/roadmaps';
import { bus } from '@mindpath/events';
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { useSubscriptionUpdates } from '@mindpath/sdk/subscriptions-hooks';
import { tokenStore } from '@mindpath/sdk/token-store';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SideNav } from './side-nav.tsx';

const T0 = '2025-03-01T10:00:00.000Z';
const GOAL_ID = '00000000-0000-4000-8000-000000000001';
const SECTION_ID = '00000000-0000-4000-8000-000000000002';
const lesson = (n: number, isCompleted: boolean) => ({
  id: `00000000-0000-4000-8000-00000000001${n}`,
  title: `Lesson ${n}`,
  summary: '',
  roadmapId: SECTION_ID,
  position: n,
  isCompleted,
  grade: null,
  estimatedTimeInMinutes: 30,
  lessonAssessment: null,
  exercisesTotal: 0,
  exercisesDone: 0,
  updatedAt: T0,
});

/** The active goal's optimized plan data with the given lessons, its first uncompleted one as the API finds it. */
function plan(lessons: ReturnType<typeof lesson>[]) {
  const first = lessons.find((l) => !l.isCompleted) ?? null;
  return OptimizedPlanDataSchema.parse({
    user: {
      id: '00000000-0000-4000-8000-000000000009',
      username: 'ada',
      email: 'ada@example.com',
      firstName: null,
      goalDescription: null,
    },
    goal: {
      id: GOAL_ID,
      description: 'Beginner: Learn Rust',
      metadata: '{"level":"Beginner"}',
      level: 'Beginner',
      imageUrl: null,
      isActive: true,
      isCompleted: false,
      completedAt: null,
      progress: 0,
      goalProgress: { completionPercentage: 0, completedLessons: 0, totalLessons: lessons.length },
      createdAt: T0,
      updatedAt: T0,
    },
    roadmaps: [
      {
        id: SECTION_ID,
        goalId: GOAL_ID,
        name: 'Basics',
        content: '',
        position: 0,
        isCompleted: false,
        source: 'offline',
        createdAt: T0,
        updatedAt: T0,
      },
    ],
    lessonsForRoadmaps: { [SECTION_ID]: lessons },
    firstUncompletedLessonRoadmapId: first ? SECTION_ID : null,
    firstUncompletedLesson: first,
    isGenerating: false,
    lessonGate: null,
  });
}

const FREE = { tier: 'free', isActive: true, endDate: null };

function serve(planAnswer: [number, unknown], status: unknown = FREE) {
  // the goal list holds the plan's goal, active, whenever there is a plan to answer with
  const goals = planAnswer[0] === 200 ? [(planAnswer[1] as ReturnType<typeof plan>).goal] : [];
  return stubFetch(({ url }) => {
    if (url.endsWith('/api/learningplan/data')) return planAnswer;
    if (url.endsWith('/api/goals')) return [200, goals];
    if (url.endsWith('/api/subscriptions/status')) return [200, status];
    return [404, { message: 'Not found', code: 'NOT_FOUND' }];
  });
}

const currentLesson = () => screen.getByRole('link', { name: 'Current Lesson' });

beforeEach(() => tokenStore.set('token'));
afterEach(() => {
  cleanup();
  tokenStore.clear();
  vi.unstubAllGlobals();
});

describe('side menu Current Lesson (spec 1 §2)', () => {
  it("goes to the active goal's first uncompleted lesson", async () => {
    const calls = serve([200, plan([lesson(1, true), lesson(2, false), lesson(3, false)])]);
    renderPage(<SideNav />, { path: '/home' });
    await waitFor(() => expect(currentLesson().getAttribute('href')).toBe(`/lessons/${lesson(2, false).id}`));
    expect(calls.some((c) => c.url.endsWith('/api/learningplan/data'))).toBe(true);
  });

  it("falls back to the goal's learning plan when every lesson is done", async () => {
    serve([200, plan([lesson(1, true)])]);
    renderPage(<SideNav />, { path: '/home' });
    await waitFor(() => expect(currentLesson().getAttribute('href')).toBe(`/learning-plan/${GOAL_ID}`));
  });

  it('goes to /learning-plan when there is no active goal, without asking for a plan (its 404)', async () => {
    const calls = serve([404, { message: 'No active goal found', code: 'NOT_FOUND' }]);
    renderPage(<SideNav />, { path: '/home' });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/goals'))).toBe(true));
    expect(currentLesson().getAttribute('href')).toBe('/learning-plan');
    expect(calls.some((c) => c.url.endsWith('/api/learningplan/data'))).toBe(false);
  });

  it('is highlighted on a lesson page and its assessment', () => {
    serve([200, plan([lesson(1, false)])]);
    renderPage(<SideNav />, { path: `/lessons/${lesson(1, false).id}/assessment`, route: '*' });
    expect(currentLesson().getAttribute('aria-current')).toBe('page');
  });
});

/** The side menu with the shell's subscription-updated wiring, as the app mounts them. */
function WithUpdates() {
  useSubscriptionUpdates();
  return <SideNav />;
}

describe('side menu Get Pro and the pro badge (spec 1 §2)', () => {
  const END = '2026-12-24T12:00:00.000Z';

  it('offers Get Pro to a free learner, opening the Subscription tab of /settings', async () => {
    serve([200, plan([lesson(1, false)])]);
    renderPage(<SideNav />, { path: '/home' });
    const getPro = await screen.findByRole('link', { name: 'Get Pro' });
    expect(screen.queryByTestId('pro-badge')).toBeNull();
    act(() => getPro.click());
    expect(screen.getByTestId('location').textContent).toBe('/settings');
    expect(screen.getByTestId('location').dataset.state).toBe('{"activeTab":"subscription"}');
  });

  it('shows the pro badge and no Get Pro while Pro is active', async () => {
    serve([200, plan([lesson(1, false)])], { tier: 'pro', isActive: true, endDate: END });
    renderPage(<SideNav />, { path: '/home' });
    await screen.findByTestId('pro-badge');
    expect(screen.queryByRole('link', { name: 'Get Pro' })).toBeNull();
  });

  it('offers Get Pro again once a cancelled Pro is inactive', async () => {
    serve([200, plan([lesson(1, false)])], { tier: 'pro', isActive: false, endDate: END });
    renderPage(<SideNav />, { path: '/home' });
    await screen.findByRole('link', { name: 'Get Pro' });
    expect(screen.queryByTestId('pro-badge')).toBeNull();
  });

  it('refreshes on subscription-updated: Get Pro gives way to the badge', async () => {
    let status: unknown = FREE;
    stubFetch(({ url }) => (url.endsWith('/api/subscriptions/status') ? [200, status] : [404, {}]));
    renderPage(<WithUpdates />, { path: '/home' });
    await screen.findByRole('link', { name: 'Get Pro' });
    status = { tier: 'pro', isActive: true, endDate: END };
    act(() => bus.emit('subscription-updated'));
    await screen.findByTestId('pro-badge');
    expect(screen.queryByRole('link', { name: 'Get Pro' })).toBeNull();
  });
});
