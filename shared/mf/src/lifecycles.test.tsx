// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLifecycles, pageRoutes } from './lifecycles.tsx';
import { mountForTest } from './testing.ts';

/** setTimeouts still pending that are long enough to be a cache's garbage collection (minutes), not a tick */
function trackLongTimeouts() {
  const pending = new Set<unknown>();
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    fn: () => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    const id: unknown = realSet(
      () => {
        pending.delete(id);
        fn();
      },
      ms,
      ...args,
    );
    if ((ms ?? 0) >= 60_000) pending.add(id);
    return id;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((id: Parameters<typeof clearTimeout>[0]) => {
    pending.delete(id);
    realClear(id);
  }) as typeof clearTimeout);
  return pending;
}

afterEach(() => vi.restoreAllMocks());

let finish: (v: string) => void = () => {};
const answer = new Promise<string>((r) => {
  finish = r;
});

/** a page whose query answers only when the test says so */
function Slow() {
  const { data } = useQuery({ queryKey: ['slow'], queryFn: () => answer });
  return <p>{data ?? 'waiting'}</p>;
}

describe('createLifecycles', () => {
  it('renders the route of initialPath and cleans its QueryClient up, even for a fetch finishing late', async () => {
    const lifecycles = createLifecycles({
      name: 'test',
      defaultPath: '/a',
      routes: [
        { path: '/a', element: <p>page a</p> },
        { path: '/slow', element: <Slow /> },
      ],
    });
    const pending = trackLongTimeouts();

    const a = await mountForTest(lifecycles, { name: 'a' });
    await waitFor(() => expect(a.domElement.textContent).toBe('page a'));
    expect(await a.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });

    const slow = await mountForTest(lifecycles, { name: 'slow', initialPath: '/slow' });
    await waitFor(() => expect(slow.domElement.textContent).toBe('waiting'));
    expect(await slow.unmount()).toEqual({ domNodes: 0, listeners: [], intervals: 0 });
    finish('late');
    await answer;
    await Promise.resolve();
    expect(pending.size).toBe(0);
  });
});

describe('pageRoutes', () => {
  it("opens a remote's pages at the route table's paths, in its order", () => {
    const routes = pageRoutes('goals', {
      HomePage: 'home',
      GoalsPage: 'goals',
      NewGoalPage: 'new',
      GoalAssessmentPage: 'assessment',
    });
    expect(routes).toEqual([
      { path: '/home', element: 'home' },
      { path: '/goals', element: 'goals' },
      { path: '/goals/new', element: 'new' },
      { path: '/goals/:goalId/assessment', element: 'assessment' },
    ]);
    // a page at two paths renders at both
    expect(
      pageRoutes('roadmap', { LearningPlanPage: 'plan', SharedRoadmapPage: 'shared' })
        .filter((r) => r.element === 'plan')
        .map((r) => r.path),
    ).toEqual(['/learning-plan', '/learning-plan/:goalId']);
  });
});
