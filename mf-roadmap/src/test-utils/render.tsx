// The learning plan's component-test vocabulary over the shared helpers of @mindpath/mf/render-page.
import type { PomodoroStats } from '@mindpath/contracts/pomodoro';
import type { GoalSources } from '@mindpath/contracts/sources';
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import type { ReactNode } from 'react';

/** Renders the page at `path` under its route (/learning-plan or /learning-plan/:goalId). */
export function renderAt(path: string, page: ReactNode) {
  const route = path === '/learning-plan' ? path : '/learning-plan/:goalId';
  return renderPage(page, { path, route });
}

export interface Call {
  method: string;
  /** the path under /api */
  path: string;
  body: unknown;
}
type Answer = [status: number, body?: unknown];

/** The focus stats every lesson row reads its minutes from: a learner who has not focused yet. */
const NO_FOCUS: PomodoroStats = {
  timeZone: 'UTC',
  today: '2026-05-13',
  todayMinutes: 0,
  weekMinutes: 0,
  totalMinutes: 0,
  totalSessions: 0,
  currentStreak: 0,
  days: [],
  goals: [],
  lessons: [],
};

/** The goal's sources the plan's Sources section reads: none yet, on the free plan. */
const NO_SOURCES: GoalSources = { sources: [], limits: { perGoal: 3, maxBytes: 10 * 1024 * 1024 } };

/**
 * The network boundary, answered per call (method + path under /api) through the real SDK, which types
 * answers without checking them (the API does): what every lesson row reads beside the plan, its focus
 * minutes and its due cards, and the goal's sources, is answered here in its shape, for a learner without any.
 */
export function answerApi(answer: (call: Call) => Answer): Call[] {
  const calls: Call[] = [];
  stubFetch(({ url, method, body }) => {
    const call = { method, path: url.replace(/^\/api/, ''), body };
    calls.push(call);
    if (call.path.startsWith('/pomodoro/stats')) return [200, NO_FOCUS];
    if (call.path.startsWith('/reviews/lessons')) return [200, []];
    if (/^\/goals\/[^/]+\/sources$/.test(call.path) && call.method === 'GET') return [200, NO_SOURCES];
    const [status, json] = answer(call);
    return [status, json];
  });
  return calls;
}
