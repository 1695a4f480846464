// @vitest-environment jsdom
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureSdk } from './http.ts';
import { localStore } from './local-store.ts';
import { JOB_WAIT_MS, PLAN_FETCH_THROTTLE_MS, usePlanData, useRoadmapGeneration } from './roadmap-hooks.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const T0 = '2025-03-01T10:00:00.000Z';
const GOAL_ID = '00000000-0000-4000-8000-000000000001';
const PLAN = {
  user: { id: 'u1', username: 'ada', email: 'ada@example.com', firstName: null, goalDescription: null },
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
    goalProgress: { completionPercentage: 0, completedLessons: 0, totalLessons: 0 },
    createdAt: T0,
    updatedAt: T0,
  },
  roadmaps: [],
  lessonsForRoadmaps: {},
  firstUncompletedLessonRoadmapId: null,
  firstUncompletedLesson: null,
  isGenerating: false,
  lessonGate: null,
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
  fetchMock = vi.fn(async () => json(200, PLAN));
  configureSdk({ fetch: fetchMock as unknown as typeof fetch, baseUrl: '/api' });
});

const withClient = () => {
  const client = new QueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
};
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('usePlanData', () => {
  it('fetches the learning plan at most once per 5 s on mounts and tab switches', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const wrapper = withClient();
    const first = renderHook(() => usePlanData(), { wrapper });
    await waitFor(() => expect(first.result.current.data?.goal.id).toBe(GOAL_ID));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    first.unmount();

    const again = renderHook(() => usePlanData(), { wrapper });
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await act(() => vi.advanceTimersByTimeAsync(PLAN_FETCH_THROTTLE_MS - 500));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(() => vi.advanceTimersByTimeAsync(600));
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/learningplan/data');
    again.unmount();
    focusManager.setFocused(undefined);
  });

  it("falls back to the active goal for a goal that is not found, and does not retry 'No active goal found'", async () => {
    fetchMock.mockImplementation(async () =>
      json(404, { message: 'No active goal found. Please create a goal first.', code: 'NO_ACTIVE_GOAL' }),
    );
    const { result } = renderHook(() => usePlanData(GOAL_ID), { wrapper: withClient() });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('No active goal found. Please create a goal first.');
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([
      `/api/learningplan/optimized-data/${GOAL_ID}`,
      '/api/learningplan/data',
    ]);
  });
});

describe('useRoadmapGeneration', () => {
  const job = (status: string) => ({
    id: '00000000-0000-4000-8000-0000000000aa',
    kind: 'roadmap',
    target: GOAL_ID,
    status,
    attempts: status === 'queued' ? 0 : 1,
    error: null,
    result: null,
    createdAt: T0,
    updatedAt: T0,
    startedAt: null,
    finishedAt: null,
  });
  const statusUrl = `/api/roadmaps/goal/${GOAL_ID}/generation`;

  it('waits for a job under way to end (long poll): one request, answered when it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // the first answer at once says running; the next request waits until the job ends
    let end: (r: Response) => void = () => {};
    fetchMock.mockImplementation(async (url: string) => {
      if (url === statusUrl) return json(200, { isGenerating: true, job: job('running') });
      if (url === `${statusUrl}?waitMs=${JOB_WAIT_MS}`) return new Promise<Response>((r) => (end = r));
      return json(200, PLAN);
    });
    const { result } = renderHook(() => useRoadmapGeneration(GOAL_ID), { wrapper: withClient() });
    await waitFor(() => expect(result.current.isGenerating).toBe(true));
    await waitFor(
      () =>
        expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(`${statusUrl}?waitMs=${JOB_WAIT_MS}`),
      {
        timeout: 5000,
      },
    );
    const waits = () => fetchMock.mock.calls.filter((c) => String(c[0]).includes('waitMs')).length;
    // the second's ticks while it waits send nothing more
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(waits()).toBe(1);
    act(() => end(json(200, { isGenerating: false, job: job('succeeded') })));
    await waitFor(() => expect(result.current.isGenerating).toBe(false));
    expect(result.current.data?.job?.status).toBe('succeeded');
    expect(waits()).toBe(1);
  });

  it('asks a queued job again at once (the claim shows), waits once it runs; leaving aborts the wait', async () => {
    let signal: AbortSignal | undefined;
    const answers = [job('queued'), job('running')];
    fetchMock.mockImplementation((_url: string, init: RequestInit) => {
      const next = answers.shift();
      if (next) return Promise.resolve(json(200, { isGenerating: true, job: next }));
      return new Promise<Response>((_r, reject) => {
        signal = init.signal ?? undefined;
        signal?.addEventListener('abort', () => reject(signal?.reason));
      });
    });
    const { result, unmount } = renderHook(() => useRoadmapGeneration(GOAL_ID, true), {
      wrapper: withClient(),
    });
    await waitFor(() => expect(signal).toBeDefined(), { timeout: 5000 });
    expect(result.current.data?.job?.status).toBe('running');
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([
      statusUrl,
      statusUrl,
      `${statusUrl}?waitMs=${JOB_WAIT_MS}`,
    ]);
    expect(signal?.aborted).toBe(false);
    unmount();
    await waitFor(() => expect(signal?.aborted).toBe(true));
  });

  it('does not retry a 404; the plan stands in', async () => {
    fetchMock.mockImplementation(async () => json(404, { message: 'Goal not found', code: 'NOT_FOUND' }));
    const { result } = renderHook(() => useRoadmapGeneration(GOAL_ID, true), { wrapper: withClient() });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current.isGenerating).toBe(true);
  });
});
