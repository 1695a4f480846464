// @vitest-environment jsdom
import type { Activity, Dashboard } from '@mindpath/contracts/dashboard';
import type { Note } from '@mindpath/contracts/notes';
import type { PomodoroStats } from '@mindpath/contracts/pomodoro';
import type { ReviewStats } from '@mindpath/contracts/reviews';
import { renderPage, stubFetch } from '@mindpath/mf/render-page';
import { localStore } from '@mindpath/sdk/local-store';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeGoal } from '../../../test-utils/fake-api.ts';
import HomePage from './home-page.tsx';

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LESSON_ID = '00000000-0000-4000-8000-0000000000f1';
const SECTION_ID = '00000000-0000-4000-8000-0000000000f2';
const ZERO_STATS = {
  completedLessons: 0,
  totalLessons: 0,
  completedRoadmaps: 0,
  totalRoadmaps: 0,
  completionPercentage: 0,
};
const EMPTY: Dashboard = {
  activeGoal: null,
  currentLesson: null,
  stats: ZERO_STATS,
  roadmapGeneration: null,
};

function midGoal(): Dashboard {
  const goal = makeGoal({
    description: 'Beginner: Learn SQL',
    isActive: true,
    progress: 25,
    goalProgress: { completionPercentage: 25, completedLessons: 2, totalLessons: 8 },
  });
  return {
    activeGoal: goal,
    currentLesson: {
      id: LESSON_ID,
      title: 'Joins in practice',
      roadmapId: SECTION_ID,
      roadmapName: 'Querying',
      goalId: goal.id,
      estimatedTimeInMinutes: 30,
    },
    stats: {
      completedLessons: 2,
      totalLessons: 8,
      completedRoadmaps: 1,
      totalRoadmaps: 3,
      completionPercentage: 25,
    },
    roadmapGeneration: { status: 'succeeded' },
  };
}

function activity(active: Record<string, Partial<Activity['days'][number]>> = {}, streak = [0, 0]): Activity {
  const days = Array.from({ length: 182 }, (_, i) => {
    const date = new Date(Date.UTC(2025, 10, 13 + i)).toISOString().slice(0, 10);
    return {
      date,
      lessonsCompleted: 0,
      assessmentsPassed: 0,
      focusMinutes: 0,
      reviewsDone: 0,
      exerciseAttempts: 0,
      ...active[date],
    };
  });
  return {
    timeZone: 'UTC',
    today: days.at(-1)!.date,
    days,
    currentStreak: streak[0]!,
    longestStreak: streak[1]!,
  };
}

type Answer = [number, unknown];
const FAIL: Answer = [500, { message: 'Internal error', code: 'INTERNAL' }];

function focus(todayMinutes = 0, minutesByDay: number[] = []): PomodoroStats {
  const days = Array.from({ length: 84 }, (_, i) => {
    const date = new Date(Date.UTC(2026, 1, 19 + i)).toISOString().slice(0, 10);
    const minutes = minutesByDay[i - (84 - minutesByDay.length)] ?? 0;
    return { date, minutes, sessions: minutes > 0 ? 1 : 0 };
  });
  const totalMinutes = days.reduce((n, d) => n + d.minutes, 0);
  return {
    timeZone: 'UTC',
    today: days.at(-1)!.date,
    todayMinutes,
    weekMinutes: totalMinutes,
    totalMinutes,
    totalSessions: days.filter((d) => d.sessions > 0).length,
    currentStreak: 0,
    days,
    goals: [],
    lessons: [],
  };
}

const NO_CARDS: ReviewStats = {
  dueNow: 0,
  dueByDay: [],
  reviewsToday: 0,
  retention30d: null,
  totalCards: 0,
  nextDueAt: null,
  byGoal: [],
};

/** A queue of `dueNow` cards, with the next 7 days from 2026-05-13. */
function reviewStats(dueNow: number, dueByDay: number[], more: Partial<ReviewStats> = {}): ReviewStats {
  return {
    ...NO_CARDS,
    dueNow,
    dueByDay: dueByDay.map((count, i) => ({
      date: new Date(Date.UTC(2026, 4, 13 + i)).toISOString().slice(0, 10),
      count,
    })),
    totalCards: 12,
    ...more,
  };
}

function api(
  answers: {
    dashboard?: Answer;
    activity?: Answer;
    notes?: Answer;
    focus?: Answer;
    reviews?: Answer;
    goals?: Answer;
    today?: Answer;
  } = {},
) {
  return stubFetch((call) => {
    const path = call.url.replace(/^\/api/, '').split('?')[0];
    if (path === '/dashboard') return answers.dashboard ?? [200, EMPTY];
    if (path === '/activity') return answers.activity ?? [200, activity()];
    if (path === '/notes') return answers.notes ?? [200, []];
    if (path === '/pomodoro/stats') return answers.focus ?? [200, focus()];
    if (path === '/reviews/stats') return answers.reviews ?? [200, NO_CARDS];
    if (path === '/goals') return answers.goals ?? [200, []];
    if (path === '/schedule/today') return answers.today ?? [200, { goalId: null, lessons: [], behind: 0 }];
    return [404, { message: 'no fake', code: 'NOT_FOUND' }];
  });
}

const panel = (name: string) => screen.getByRole('region', { name });

describe('HomePage', () => {
  it('shows a skeleton in each panel while loading', async () => {
    api();
    renderPage(<HomePage />, { path: '/home' });
    for (const name of [
      'Learning Progress',
      'Current Lesson',
      'Active Goal',
      'Streak',
      'Focus',
      'Review',
      'Latest Notes',
      'Activity',
    ])
      expect(within(panel(name)).getByRole('status', { name: `Loading ${name}` })).toBeTruthy();
    await screen.findByText('You have no active goal.');
  });

  it('a brand-new learner: every panel empty, led to their first goal', async () => {
    api();
    renderPage(<HomePage />, { path: '/home' });
    const first = await screen.findByRole('region', { name: 'Your first goal' });
    expect(within(first).getByRole('link', { name: 'Set Your First Goal' }).getAttribute('href')).toBe(
      '/goals/new',
    );
    expect(within(panel('Learning Progress')).getByText('0%')).toBeTruthy();
    expect(
      within(panel('Current Lesson')).getByRole('link', { name: 'Go to Learning Plan' }).getAttribute('href'),
    ).toBe('/learning-plan');
    expect(
      within(panel('Active Goal')).getByRole('link', { name: 'Manage Goals' }).getAttribute('href'),
    ).toBe('/goals');
    expect(await within(panel('Streak')).findAllByText('0 days')).toHaveLength(2);
    expect(within(panel('Latest Notes')).getByText(/No notes yet/)).toBeTruthy();
    expect(within(panel('Activity')).getByText('0 activities in the last 26 weeks')).toBeTruthy();
    expect(within(panel('Focus')).getByText(/No focus sessions yet/)).toBeTruthy();
    expect(within(panel('Review')).getByText(/No cards yet/)).toBeTruthy();
    expect(within(panel('Review')).queryByRole('link', { name: 'Start review' })).toBeNull();
  });

  it('mid-goal: progress, the lesson to continue, the goal, streak, activity and notes', async () => {
    const d = midGoal();
    const notes: Note[] = [1, 2, 3, 4].map((n) => ({
      id: `00000000-0000-4000-8000-00000000010${n}`,
      title: `Note ${n}`,
      content: '',
      lessonId: null,
      tags: '[]',
      createdAt: `2026-05-0${n}T10:00:00.000Z`,
      updatedAt: `2026-05-0${n}T10:00:00.000Z`,
    })) as unknown as Note[];
    api({
      dashboard: [200, d],
      goals: [200, [d.activeGoal]],
      activity: [
        200,
        activity(
          { '2026-05-12': { lessonsCompleted: 1 }, '2026-05-13': { lessonsCompleted: 2, focusMinutes: 25 } },
          [2, 5],
        ),
      ],
      notes: [200, notes],
      focus: [200, focus(25, [0, 0, 0, 0, 50, 0, 25])],
      reviews: [200, reviewStats(4, [4, 2, 0, 0, 1, 0, 3], { reviewsToday: 6, retention30d: 0.874 })],
      today: [
        200,
        {
          goalId: d.activeGoal!.id,
          behind: 1,
          lessons: [
            {
              lessonId: LESSON_ID,
              title: 'Joins in practice',
              minutes: 30,
              date: '2026-05-13',
              isCompleted: false,
            },
          ],
        },
      ],
    });
    renderPage(<HomePage />, { path: '/home' });
    const progress = panel('Learning Progress');
    expect(await within(progress).findByText('25%')).toBeTruthy();
    expect(within(progress).getByText('2 / 8')).toBeTruthy();
    expect(within(progress).getByText('1 / 3')).toBeTruthy();
    const lesson = panel('Current Lesson');
    expect(within(lesson).getByText('Joins in practice')).toBeTruthy();
    // the schedule's day: what is planned for today, and how far behind
    expect(
      await within(lesson).findByText('Planned for today: Joins in practice · 1 lesson behind'),
    ).toBeTruthy();
    expect(within(lesson).getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      `/lessons/${LESSON_ID}`,
    );
    const goal = panel('Active Goal');
    expect(within(goal).getByText('Learn SQL')).toBeTruthy();
    expect(within(goal).getByRole('link', { name: 'Continue Learning' }).getAttribute('href')).toBe(
      `/learning-plan/${d.activeGoal!.id}`,
    );
    expect(within(goal).getByRole('link', { name: 'Manage Goals' }).getAttribute('href')).toBe('/goals');
    const quick = panel('Quick Actions');
    expect(
      within(quick)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/goals', '/learning-plan', '/knowledge-graph']);
    expect(screen.queryByRole('region', { name: 'Your first goal' })).toBeNull();
    const streak = panel('Streak');
    expect(await within(streak).findByText('2 days')).toBeTruthy();
    expect(within(streak).getByText('5 days')).toBeTruthy();
    expect(within(streak).getByText('2 lessons, 25 focus minutes')).toBeTruthy();
    expect(within(panel('Activity')).getByText('4 activities in the last 26 weeks')).toBeTruthy();
    const focusPanel = panel('Focus');
    expect(within(focusPanel).getByText('25 minutes', { selector: 'span' })).toBeTruthy();
    expect(within(focusPanel).getByText('75 minutes', { selector: 'span' })).toBeTruthy();
    const bars = within(focusPanel).getByRole('table', { name: 'Focus minutes, last 7 days' });
    expect(within(bars).getAllByRole('row')).toHaveLength(7);
    expect(within(bars).getByRole('row', { name: 'Tuesday, May 12 0 minutes' })).toBeTruthy();
    expect(within(bars).getByRole('row', { name: 'Wednesday, May 13 25 minutes' })).toBeTruthy();
    const review = panel('Review');
    expect(within(review).getByText('4 cards', { selector: 'span' })).toBeTruthy();
    expect(within(review).getByText('6 cards', { selector: 'span' })).toBeTruthy();
    expect(within(review).getByText('87 %')).toBeTruthy();
    expect(within(review).getByRole('link', { name: 'Start review' }).getAttribute('href')).toBe('/review');
    const due = within(review).getByRole('table', { name: 'Cards coming due, next 7 days' });
    expect(within(due).getByRole('row', { name: 'Wednesday, May 13 4 cards' })).toBeTruthy();
    expect(within(due).getByRole('row', { name: 'Tuesday, May 19 3 cards' })).toBeTruthy();
    const latest = within(panel('Latest Notes')).getAllByRole('listitem');
    expect(latest.map((li) => li.querySelector('p')?.textContent)).toEqual(['Note 4', 'Note 3', 'Note 2']);
  });

  it('with nothing due now, says when the next card comes and offers no review', async () => {
    const now = new Date();
    const nextDueAt = new Date(now.getTime() + 20 * 60_000).toISOString();
    api({ reviews: [200, reviewStats(0, [0, 1, 0, 0, 0, 0, 0], { nextDueAt })] });
    renderPage(<HomePage />, { path: '/home' });
    const review = panel('Review');
    expect(
      await within(review).findByText(/^Nothing to review now\. The next card is due in (19|20) minutes\.$/),
    ).toBeTruthy();
    expect(within(review).queryByRole('link', { name: 'Start review' })).toBeNull();
  });

  it("Change goal opens the settings' Goals tab", async () => {
    api({ dashboard: [200, midGoal()] });
    renderPage(<HomePage />, { path: '/home' });
    await userEvent.click(await screen.findByRole('link', { name: 'Change goal' }));
    expect(screen.getByTestId('location').textContent).toBe('/settings');
    expect(screen.getByTestId('location').dataset.state).toBe('{"activeTab":"goals"}');
  });

  it('shows the roadmap being built for a goal just set', async () => {
    api({
      dashboard: [200, { ...midGoal(), currentLesson: null, roadmapGeneration: { status: 'running' } }],
    });
    renderPage(<HomePage />, { path: '/home' });
    expect(await within(panel('Active Goal')).findByText('Building your roadmap…')).toBeTruthy();
    expect(
      within(panel('Current Lesson')).getByText('Your first lesson arrives when your roadmap is built.'),
    ).toBeTruthy();
  });

  it('a failing call fails its panels alone, and Try again reads it again', async () => {
    let dashboard: Answer = FAIL;
    stubFetch((call) => {
      const path = call.url.replace(/^\/api/, '').split('?')[0];
      if (path === '/dashboard') return dashboard;
      if (path === '/activity' || path === '/pomodoro/stats' || path === '/reviews/stats') return FAIL;
      return [200, []];
    });
    renderPage(<HomePage />, { path: '/home' });
    const alerts = await screen.findAllByText('Could not load your progress.');
    expect(alerts).toHaveLength(3);
    expect(await screen.findByText('Could not load your streak.')).toBeTruthy();
    expect(screen.getByText('Could not load your activity.')).toBeTruthy();
    expect(screen.getByText('Could not load your focus time.')).toBeTruthy();
    expect(screen.getByText('Could not load your reviews.')).toBeTruthy();
    expect(within(panel('Quick Actions')).getAllByRole('link')).toHaveLength(3);
    expect(within(panel('Latest Notes')).getByText(/No notes yet/)).toBeTruthy();
    dashboard = [200, midGoal()];
    await userEvent.click(within(panel('Learning Progress')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(panel('Learning Progress')).getByText('25%')).toBeTruthy());
    expect(within(panel('Active Goal')).getByText('Learn SQL')).toBeTruthy();
  });
});
