// @vitest-environment jsdom
import { OFFLINE_NOTICE } from '@mindpath/contracts/ai';
import { LIMIT_MESSAGES } from '@mindpath/contracts/goals';
import { PLAN_EDIT_MESSAGES } from '@mindpath/contracts/roadmaps-constants';
import { localStore } from '@mindpath/sdk/local-store';
import { toastStore } from '@mindpath/ui/toast';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { job, lesson, planData, section, T0, USER, uuid } from '../../../test-utils/plan-fixtures.ts';
import { answerApi, renderAt } from '../../../test-utils/render.tsx';
import { COMPLETION_FAILED } from './completion-controls.tsx';
import LearningPlanPage from './learning-plan-page.tsx';

const idle = { isGenerating: false, job: null };

beforeEach(() => {
  localStorage.clear();
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const milestone = (name: RegExp) => screen.getByRole('button', { name });

describe('LearningPlanPage', () => {
  it('shows the goal card, the milestones with their badges and Start Lesson only on the first uncompleted lesson', async () => {
    const s1 = section('Foundations', { isCompleted: true });
    const s2 = section('Core ideas');
    const s3 = section('Projects');
    const done1 = lesson('Setup', s1, { isCompleted: true, grade: 90 });
    const done2 = lesson('Syntax', s1, { isCompleted: true, grade: 70 });
    const done3 = lesson('Ownership', s2, { isCompleted: true, grade: 0 });
    const next = lesson('Borrowing', s2);
    const later = lesson('Lifetimes', s2);
    const data = planData([
      [s1, [done1, done2]],
      [s2, [done3, next, later]],
      [s3, []],
    ]);
    const calls = answerApi(({ path }) =>
      path.startsWith('/learningplan/optimized-data/') ? [200, data] : [200, idle],
    );
    renderAt(`/learning-plan/${data.goal.id}`, <LearningPlanPage />);

    const card = await screen.findByRole('region', { name: 'Goal' });
    expect(within(card).getByRole('heading', { name: 'Learn Rust' })).toBeTruthy();
    expect(within(card).getByText('Beginner')).toBeTruthy();
    expect(
      within(card).getByRole('progressbar', { name: 'Goal progress' }).getAttribute('aria-valuenow'),
    ).toBe('60');
    expect(within(card).getByText('3 of 5 lessons completed')).toBeTruthy();
    expect(calls[0]?.path).toBe(`/learningplan/optimized-data/${data.goal.id}`);

    expect(milestone(/Foundations/).textContent).toContain('Completed · 80% average');
    expect(milestone(/Core ideas/).textContent).toContain('1 of 3 lessons (33%)');
    expect(milestone(/Projects/).textContent).toContain('Locked');

    // the milestone holding the next lesson is open
    expect(milestone(/Core ideas/).getAttribute('aria-expanded')).toBe('true');
    const lessons = screen.getByRole('list', { name: 'Lessons of Core ideas' });
    const start = within(lessons).getAllByRole('link', { name: /Start Lesson/ });
    expect(start).toHaveLength(1);
    expect(start[0]?.getAttribute('href')).toBe(`/lessons/${next.id}`);
    expect(
      within(lessons)
        .getByRole('link', { name: /View Lesson/ })
        .getAttribute('href'),
    ).toBe(`/lessons/${done3.id}`);
    // a score of 0 is not shown
    expect(within(lessons).queryByText(/Score/)).toBeNull();
    // the roadmap came from the offline generator: said plainly, in learner words (setup is the README's)
    const notice = screen.getByText('Made by the offline generator').parentElement?.textContent;
    expect(notice).toContain(OFFLINE_NOTICE);
    expect(notice).not.toMatch(/AI_BASE_URL|README/);
  });

  it("says before the click that the free plan's gate holds the next lesson, and for how long", async () => {
    const s1 = section('Foundations');
    const next = lesson('Syntax', s1);
    const data = planData([[s1, [lesson('Setup', s1, { isCompleted: true }), next]]], {
      lessonGate: {
        message: 'Only 1 lesson per 24 hours allowed in free version',
        hoursUntilReset: 21,
        subscriptionMessage: 'Upgrade to Pro for unlimited lessons.',
        currentCount: 1,
        maxRequests: 1,
      },
    });
    answerApi(({ path }) => (path.startsWith('/learningplan/optimized-data/') ? [200, data] : [200, idle]));
    renderAt(`/learning-plan/${data.goal.id}`, <LearningPlanPage />);
    const start = await screen.findByRole('link', { name: 'Start Lesson: Syntax' });
    const note = document.getElementById(start.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe(
      'Opens in 21 hours on the free plan: 1 lesson per 24 hours. Pro opens it now.',
    );
    expect(start.getAttribute('href')).toBe(`/lessons/${next.id}`);
  });

  it('expands a milestone to its lessons and collapses it again', async () => {
    const user = userEvent.setup();
    const s1 = section('Foundations', { isCompleted: true });
    const s2 = section('Core ideas');
    const data = planData([
      [s1, [lesson('Setup', s1, { isCompleted: true, grade: 85, exercisesTotal: 2, exercisesDone: 1 })]],
      [s2, [lesson('Borrowing', s2)]],
    ]);
    answerApi(({ path }) => (path.startsWith('/learningplan/') ? [200, data] : [200, idle]));
    renderAt(`/learning-plan/${data.goal.id}`, <LearningPlanPage />);

    const toggle = await screen.findByRole('button', { name: /Foundations/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('list', { name: 'Lessons of Foundations' })).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('list', { name: 'Lessons of Foundations' });
    expect(within(list).getByText(/Score 85%/)).toBeTruthy();
    expect(within(list).getByText(/1 of 2 exercises done/)).toBeTruthy();
    expect(within(list).getByRole('link', { name: /View Lesson/ })).toBeTruthy();
    await user.click(toggle);
    expect(screen.queryByRole('list', { name: 'Lessons of Foundations' })).toBeNull();
  });

  it('a completed goal shows its average score and completion date', async () => {
    const s1 = section('Foundations', { isCompleted: true, updatedAt: '2025-03-09T12:00:00.000Z' });
    const data = planData([
      [
        s1,
        [
          lesson('Setup', s1, { isCompleted: true, grade: 100 }),
          lesson('Syntax', s1, { isCompleted: true, grade: 71 }),
        ],
      ],
    ]);
    answerApi(({ path }) => (path.startsWith('/learningplan/') ? [200, data] : [200, idle]));
    renderAt(`/learning-plan/${data.goal.id}`, <LearningPlanPage />);

    const card = await screen.findByRole('region', { name: 'Goal' });
    expect(within(card).getByText('Completed')).toBeTruthy();
    expect(within(card).getByText('Average score').nextElementSibling?.textContent).toBe('86%');
    const date = within(card).getByText('Completed on').nextElementSibling?.querySelector('time');
    expect(date?.getAttribute('datetime')).toBe('2025-03-09T12:00:00.000Z');
    expect(date?.textContent).toBe(
      new Date('2025-03-09T12:00:00.000Z').toLocaleDateString(undefined, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }),
    );
    expect(screen.queryByRole('link', { name: /Start Lesson/ })).toBeNull();
  });

  it('without an id, and for a goal that is not found, shows the active goal', async () => {
    const s1 = section('Foundations');
    const data = planData([[s1, [lesson('Setup', s1)]]]);
    const calls = answerApi(({ path }) =>
      path === '/learningplan/data'
        ? [200, data]
        : path.startsWith('/learningplan/optimized-data/')
          ? [404, { message: 'Goal not found', code: 'NOT_FOUND' }]
          : [200, idle],
    );
    renderAt('/learning-plan', <LearningPlanPage />);
    expect(await screen.findByRole('heading', { name: 'Learn Rust' })).toBeTruthy();
    expect(calls[0]?.path).toBe('/learningplan/data');
    cleanup();

    const fallback = answerApi(({ path }) =>
      path === '/learningplan/data'
        ? [200, data]
        : path.startsWith('/learningplan/optimized-data/')
          ? [404, { message: 'Goal not found', code: 'NOT_FOUND' }]
          : [200, idle],
    );
    renderAt(`/learning-plan/${uuid()}`, <LearningPlanPage />);
    expect(await screen.findByRole('heading', { name: 'Learn Rust' })).toBeTruthy();
    expect(fallback.map((c) => c.path).slice(0, 2)).toEqual([
      expect.stringMatching(/^\/learningplan\/optimized-data\//),
      '/learningplan/data',
    ]);
  });

  it("with no active goal says so and offers 'Go to Goals'", async () => {
    answerApi(() => [
      404,
      { message: 'No active goal found. Please create a goal first.', code: 'NO_ACTIVE_GOAL' },
    ]);
    renderAt('/learning-plan', <LearningPlanPage />);
    expect(await screen.findByText('No active goal found. Please create a goal first.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Goals' }).getAttribute('href')).toBe('/goals');
    expect(screen.getByRole('heading', { level: 1, name: 'Learning plan' })).toBeTruthy();
  });

  it("a failed load says 'Failed to load learning plan: …' and can be retried", async () => {
    let fail = true;
    const s1 = section('Foundations');
    const data = planData([[s1, [lesson('Setup', s1)]]]);
    answerApi(({ path }) =>
      path === '/learningplan/data'
        ? fail
          ? [500, { message: 'Internal server error', code: 'INTERNAL' }]
          : [200, data]
        : [200, idle],
    );
    renderAt('/learning-plan', <LearningPlanPage />);
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toContain(
      'Failed to load learning plan: Internal server error',
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Learn Rust' })).toBeTruthy();
  });

  it('with no plan yet offers Generate Roadmap and Reload; generating shows named steps, then the roadmap', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const empty = planData([]);
    const goalId = empty.goal.id;
    const s1 = section('Foundations');
    const ready = planData([[s1, [lesson('Setup', s1)]]], { goalId });
    const roadmapJob = job('roadmap', goalId, 'running');
    let stage: 'none' | 'running' | 'done' = 'none';
    let polls = 0;
    const calls = answerApi(({ method, path }) => {
      if (method === 'POST' && path === `/roadmaps/${USER.id}/${goalId}`) {
        stage = 'running';
        return [202, { job: { ...roadmapJob, status: 'queued' }, joined: false }];
      }
      const [route, query = ''] = path.split('?');
      if (route === `/roadmaps/goal/${goalId}/generation`) {
        // once the job runs the page waits on the long poll (this stand-in answers at once)
        if (stage === 'running' && polls > 0) expect(query).toBe('waitMs=25000');
        if (stage === 'running' && ++polls > 2) stage = 'done';
        if (stage === 'none') return [200, idle];
        return [
          200,
          stage === 'running'
            ? { isGenerating: true, job: roadmapJob }
            : { isGenerating: false, job: { ...roadmapJob, status: 'succeeded', finishedAt: T0 } },
        ];
      }
      if (path === `/learningplan/optimized-data/${goalId}`) return [200, stage === 'done' ? ready : empty];
      return [404, { message: 'not here', code: 'NOT_FOUND' }];
    });
    renderAt(`/learning-plan/${goalId}`, <LearningPlanPage />);

    expect(await screen.findByRole('heading', { name: 'No learning plan yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /support@/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Generate Roadmap' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toBeUndefined();

    const steps = await screen.findByRole('status', { name: 'Generation steps' });
    expect(screen.getByRole('heading', { name: 'Generating your roadmap' })).toBeTruthy();
    expect(within(steps).getByText('Waiting for the generator').textContent).toContain('(in progress)');
    // still generating: the learner is asked to refresh, not sent to support
    expect(screen.getByText(/If it does not, refresh the page\./)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /support@/ })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1100));
    await waitFor(() =>
      expect(within(steps).getByText('Writing milestones and lessons').textContent).toContain(
        '(in progress)',
      ),
    );
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(await screen.findByRole('button', { name: /Foundations/ })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Generating your roadmap' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'No learning plan yet' })).toBeNull();
  });

  it("a Generate Roadmap the server refuses says 'Failed to create learning plan. Please try again later.'", async () => {
    const user = userEvent.setup();
    const empty = planData([]);
    answerApi(({ method, path }) => {
      if (method === 'POST') return [500, { message: 'boom', code: 'INTERNAL' }];
      return path.startsWith('/learningplan/') ? [200, empty] : [200, idle];
    });
    renderAt(`/learning-plan/${empty.goal.id}`, <LearningPlanPage />);
    await user.click(await screen.findByRole('button', { name: 'Generate Roadmap' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to create learning plan. Please try again later.');
    expect(screen.getByRole('heading', { name: 'No learning plan yet' })).toBeTruthy();
  });

  it('a failed generation shows the reason the job recorded', async () => {
    const empty = planData([]);
    const failed = job('roadmap', empty.goal.id, 'failed', {
      error: { reason: 'provider', message: 'The AI provider did not answer in time.' },
    });
    answerApi(({ path }) =>
      path.startsWith('/learningplan/') ? [200, empty] : [200, { isGenerating: false, job: failed }],
    );
    renderAt(`/learning-plan/${empty.goal.id}`, <LearningPlanPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to generate roadmap');
    expect(alert.textContent).toContain('The AI provider did not answer in time.');
  });

  it('regenerating warns that progress resets; a free plan at its limit gets the limit dialog, whose upgrade opens the subscription tab', async () => {
    const user = userEvent.setup();
    const s1 = section('Foundations');
    const data = planData([[s1, [lesson('Setup', s1, { isCompleted: true }), lesson('Syntax', s1)]]]);
    const planId = uuid();
    const calls = answerApi(({ method, path }) => {
      if (path === `/learningplans/goal/${data.goal.id}`)
        return [
          200,
          {
            id: planId,
            createdAt: T0,
            goalId: data.goal.id,
            roadmapId: s1.id,
            assessmentResults: null,
            duration: '3 months',
            completionStatus: null,
          },
        ];
      if (method === 'POST' && path === `/learningplans/${planId}/regenerate-roadmap`)
        return [
          429,
          {
            message: LIMIT_MESSAGES.roadmapGeneration,
            hoursUntilReset: 71,
            subscriptionMessage: 'Upgrade to Pro to generate roadmaps without waiting.',
            currentCount: 1,
            maxRequests: 1,
            code: 'PLAN_LIMIT',
          },
        ];
      if (path.startsWith('/learningplan/')) return [200, data];
      return [200, idle];
    });
    renderAt(`/learning-plan/${data.goal.id}`, <LearningPlanPage />);

    await user.click(await screen.findByRole('button', { name: 'Regenerate Roadmap' }));
    const warning = screen.getByRole('alertdialog', { name: 'Regenerate roadmap?' });
    expect(warning.textContent).toContain('Regeneration resets your progress');
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Regenerate Roadmap' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Regenerate' }));
    const limit = await screen.findByRole('dialog', { name: 'Roadmap Generation Limit Reached' });
    expect(limit.textContent).toContain(LIMIT_MESSAGES.roadmapGeneration);
    expect(limit.textContent).toContain('71 hours');
    expect(limit.textContent).toContain('1 of 1');
    // the roadmap and its progress are untouched, and nothing claims to be generating
    expect(screen.queryByRole('heading', { name: 'Regenerating your roadmap' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Regenerate Roadmap' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: /Foundations/ }).textContent).toContain('1 of 2 lessons (50%)');
    await user.click(within(limit).getByRole('button', { name: 'Upgrade to Pro' }));
    const location = screen.getByTestId('location');
    expect(location.textContent).toBe('/settings');
    expect(JSON.parse(location.dataset.state ?? 'null')).toEqual({ activeTab: 'subscription' });
  });

  it("auto-generates the next section's lessons 3 s after load once every lesson is done", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const s1 = section('Foundations', { isCompleted: true });
    const s2 = section('Core ideas');
    const before = planData([
      [s1, [lesson('Setup', s1, { isCompleted: true })]],
      [s2, []],
    ]);
    const after = planData(
      [
        [s1, [lesson('Setup', s1, { isCompleted: true })]],
        [s2, [lesson('Ownership', s2), lesson('Borrowing', s2)]],
      ],
      { goalId: before.goal.id },
    );
    const lessonsJob = job('section-lessons', s2.id, 'queued');
    let generated = false;
    let jobPolls = 0;
    const calls = answerApi(({ method, path }) => {
      if (method === 'POST' && path === `/roadmaps/${s2.id}/generate-lessons`)
        return [202, { job: lessonsJob, joined: false }];
      if (path === `/jobs/${lessonsJob.id}`) {
        generated = ++jobPolls > 1;
        return [200, { ...lessonsJob, status: generated ? 'succeeded' : 'running' }];
      }
      if (path.startsWith('/learningplan/')) return [200, generated ? after : before];
      return [200, idle];
    });
    renderAt(`/learning-plan/${before.goal.id}`, <LearningPlanPage />);

    expect((await screen.findByRole('button', { name: /Core ideas/ })).textContent).toContain('Locked');
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ generateContent: false });
    expect(screen.getByRole('button', { name: /Core ideas/ }).textContent).toContain('Generating...');
    const pending = screen.getByRole('list', { name: 'Lessons of Core ideas', hidden: true });
    expect(within(pending).getByRole('status', { hidden: true }).textContent).toBe('Generating...');

    await act(() => vi.advanceTimersByTimeAsync(2500));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Core ideas/ }).textContent).toContain('0 of 2 lessons (0%)'),
    );
    const list = screen.getByRole('list', { name: 'Lessons of Core ideas' });
    expect(within(list).getAllByRole('link', { name: /Start Lesson/ })).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('marks a lesson done at once, sends it, and takes it back with a message when the save fails', async () => {
    const s1 = section('Foundations');
    const a = lesson('Setup', s1);
    const b = lesson('Syntax', s1);
    const data = planData([[s1, [a, b]]]);
    // the server's plan once the first lesson is stored as done
    let stored = data;
    let failing = false;
    const calls = answerApi(({ method, path }) => {
      if (path.startsWith('/learningplan/optimized-data/')) return [200, stored];
      if (method !== 'PUT') return [200, idle];
      if (failing) return [500, { message: 'boom', code: 'INTERNAL' }];
      stored = planData([[s1, [{ ...a, isCompleted: true }, b]]], { goalId: data.goal.id });
      return [200, {}];
    });
    renderAt(`/learning-plan/${data.goal.id}`, <LearningPlanPage />);
    const lessons = await screen.findByRole('list', { name: 'Lessons of Foundations' });
    const [first] = within(lessons).getAllByRole('button', { name: 'Lesson done' });
    expect(first?.getAttribute('aria-pressed')).toBe('false');
    // described by its lesson's title
    expect(document.getElementById(first?.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Setup');

    await userEvent.click(first!);
    await waitFor(() => expect(first?.getAttribute('aria-pressed')).toBe('true'));
    // Start Lesson moved on at once
    expect(
      within(lessons)
        .getByRole('link', { name: /Start Lesson/ })
        .getAttribute('href'),
    ).toBe(`/lessons/${b.id}`);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: `/roadmaps/items/${a.id}/completion`,
        body: { isCompleted: true },
      }),
    );

    // the whole milestone, and a failing save: the plan goes back and says so
    failing = true;
    await userEvent.click(screen.getByRole('button', { name: 'Mark milestone as done' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').at(-1)).toMatchObject({
        path: `/roadmaps/${s1.id}/completion`,
        body: { isCompleted: true },
      }),
    );
    // told in a toast (the shell shows the page's toasts)
    await waitFor(() => expect(toastStore.get().map((t) => t.message)).toContain(COMPLETION_FAILED));
    // back to what the server holds: the first lesson done, the second not
    await waitFor(() =>
      expect(
        within(lessons)
          .getAllByRole('button', { name: 'Lesson done' })
          .map((t) => t.getAttribute('aria-pressed')),
      ).toEqual(['true', 'false']),
    );
  });

  it('Edit mode: renames a lesson on the version read, checks the title first, and says when another tab edited', async () => {
    const s1 = section('Foundations');
    const a = lesson('Setup', s1);
    const data = planData([[s1, [a, lesson('Syntax', s1)]]]);
    let version = 0;
    const calls = answerApi(({ method, path }) => {
      if (path.startsWith('/learningplan/optimized-data/')) return [200, data];
      if (path.endsWith('/edits')) return [200, { version, edits: [] }];
      if (method === 'PUT' && path === `/roadmaps/items/${a.id}`) {
        if (version > 0) return [409, { message: PLAN_EDIT_MESSAGES.stale, code: 'PLAN_CHANGED' }];
        version = 1;
        const edit = { id: uuid(), version: 1, kind: 'rename-lesson', undone: false, createdAt: T0 };
        return [200, { version: 1, edit: { ...edit, summary: 'Renamed the lesson “Setup” to “Install”' } }];
      }
      return [200, idle];
    });
    renderAt(`/learning-plan/${data.goal.id}`, <LearningPlanPage />);
    // no Rename outside Edit mode
    await screen.findByRole('list', { name: 'Lessons of Foundations' });
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Edit plan' }));
    // the outline is loaded on the first edit
    const lessons = await screen.findByRole('list', { name: 'Lessons of Foundations' });
    const [rename] = within(lessons).getAllByRole('button', { name: 'Rename' });
    await userEvent.click(rename!);
    const field = screen.getByRole('textbox', { name: 'Lesson title' }) as HTMLInputElement;
    expect(field.value).toBe('Setup');
    // a blank title is answered before any request
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(PLAN_EDIT_MESSAGES.titleRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.type(field, '  Install{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: `/roadmaps/items/${a.id}`,
        body: { title: 'Install', version: 0 },
      }),
    );
    // announced, and the field closed
    await waitFor(() =>
      expect(screen.getAllByRole('status').some((r) => r.textContent?.includes('Renamed the lesson'))).toBe(
        true,
      ),
    );
    expect(screen.queryByRole('textbox', { name: 'Lesson title' })).toBeNull();

    // the same lesson again on a version another tab has passed: the learner is told, with Reload
    version = 2;
    await userEvent.click(within(lessons).getAllByRole('button', { name: 'Rename' })[0]!);
    await userEvent.type(screen.getByRole('textbox', { name: 'Lesson title' }), '!{Enter}');
    expect((await screen.findAllByText(PLAN_EDIT_MESSAGES.stale)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('Edit mode: moves a lesson a step at once, keeps focus on the step, and removes one with its own Undo', async () => {
    const s1 = section('Foundations');
    const s2 = section('Practice');
    const a = lesson('Setup', s1);
    const b = lesson('Syntax', s1);
    const data = planData([
      [s1, [a, b]],
      [s2, [lesson('Drills', s2)]],
    ]);
    let version = 0;
    const edit = (kind: string, summary: string): [number, unknown] => {
      version += 1;
      return [200, { version, edit: { id: uuid(), version, kind, summary, undone: false, createdAt: T0 } }];
    };
    const calls = answerApi(({ method, path }) => {
      if (path.startsWith('/learningplan/optimized-data/')) return [200, data];
      if (path.endsWith('/edits')) return [200, { version, edits: [] }];
      if (method === 'POST' && path === `/roadmaps/items/${a.id}/move`)
        return edit('move-lesson', 'Moved the lesson “Setup” to “Foundations” (position 2)');
      if (method === 'DELETE' && path.startsWith(`/roadmaps/items/${b.id}`))
        return edit('remove-lesson', 'Removed the lesson “Syntax”');
      if (method === 'POST' && path.endsWith('/edits/undo'))
        return edit('undo', 'Undid: Removed the lesson “Syntax”');
      return [200, idle];
    });
    renderAt(`/learning-plan/${data.goal.id}`, <LearningPlanPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit plan' }));
    const lessons = await screen.findByRole('list', { name: 'Lessons of Foundations' });
    const rowOf = (title: string) => within(lessons).getByText(title).closest('li')!;

    // Move up is offered at the plan's top too, but does nothing there
    const up = within(rowOf('Setup')).getByRole('button', { name: 'Move up' });
    expect(up.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(within(rowOf('Setup')).getByRole('button', { name: 'Move down' }));
    // shown moved before the answer; focus stays on the step that moved it
    const order = () =>
      within(lessons)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(order()[0]).toContain('Syntax');
    expect(document.activeElement).toBe(within(rowOf('Setup')).getByRole('button', { name: 'Move down' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/move'))).toMatchObject({
        method: 'POST',
        body: { roadmapId: s1.id, index: 1, version: 0 },
      }),
    );

    // removal: confirmed, then its own Undo, which focus is given to
    await userEvent.click(within(rowOf('Syntax')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the lesson “Syntax”?' });
    expect(dialog.textContent).toContain('Notes stay in your knowledge base');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    const undo = await screen.findByRole('button', { name: 'Undo removal' });
    await waitFor(() => expect(document.activeElement).toBe(undo));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/roadmaps/items/${b.id}?version=1`);
    await userEvent.click(undo);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/edits/undo'))).toMatchObject({ body: { version: 2 } }),
    );
  });

  it('a schedule: set by hours a week on chosen days, then on track with each open lesson’s planned day', async () => {
    const s1 = section('Foundations');
    const a = lesson('Setup', s1);
    const b = lesson('Syntax', s1);
    const data = planData([[s1, [a, b]]]);
    const settings = {
      hoursPerWeek: 2,
      targetDate: null,
      studyDays: [0, 2, 5],
      sessionTime: '18:00',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    };
    let saved: unknown = null;
    const planned = {
      goalId: data.goal.id,
      settings,
      today: '2026-12-02',
      lessons: [
        { lessonId: a.id, title: 'Setup', minutes: 30, date: '2026-12-02', isCompleted: false },
        { lessonId: b.id, title: 'Syntax', minutes: 30, date: '2026-12-05', isCompleted: false },
      ],
      behind: 0,
      finishDate: '2026-12-05',
    };
    const none = { ...planned, settings: null, lessons: [], finishDate: null };
    const calls = answerApi(({ method, path, body }) => {
      if (path.startsWith('/learningplan/optimized-data/')) return [200, data];
      if (path === `/schedule/goal/${data.goal.id}`) {
        if (method === 'PUT') saved = body;
        if (method === 'DELETE') return [500, { message: 'boom', code: 'INTERNAL' }];
        return [200, saved ? planned : none];
      }
      return [200, idle];
    });
    renderAt(`/learning-plan/${data.goal.id}`, <LearningPlanPage />);
    const panel = await screen.findByRole('region', { name: 'Schedule' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Set a schedule' }));
    const hours = within(panel).getByRole('spinbutton', { name: 'Hours a week' });
    await userEvent.clear(hours);
    await userEvent.type(hours, '2');
    // Monday to Friday at first: Tuesday, Thursday and Friday off, Saturday on
    for (const day of ['Tuesday', 'Thursday', 'Friday', 'Saturday'])
      await userEvent.click(within(panel).getByRole('checkbox', { name: day }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Save schedule' }));
    await waitFor(() => expect(saved).toEqual(settings));
    expect(calls.some((c) => c.method === 'PUT')).toBe(true);

    expect(await within(panel).findByText('On track')).toBeTruthy();
    expect(within(panel).getByText(/2 h a week · Mon, Wed, Sat at 18:00/)).toBeTruthy();
    const lessons = screen.getByRole('list', { name: 'Lessons of Foundations' });
    expect(within(lessons).getByText(/Planned for today/)).toBeTruthy();
    expect(within(lessons).getByText(/Planned Sat, Dec 5/)).toBeTruthy();

    // a removal the server refuses keeps the schedule and the form, and says why
    await userEvent.click(within(panel).getByRole('button', { name: 'Change schedule' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Remove schedule' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(PLAN_EDIT_MESSAGES.failed);
    expect(within(panel).getByRole('button', { name: 'Save schedule' })).toBeTruthy();
  });

  it('Edit mode: the history lists each version, and Restore makes an earlier one current', async () => {
    const s1 = section('Foundations');
    const data = planData([[s1, [lesson('Setup', s1)]]]);
    const entry = (version: number, summary: string) => ({
      id: uuid(),
      version,
      kind: 'rename-section',
      summary,
      undone: false,
      createdAt: T0,
    });
    const calls = answerApi(({ method, path }) => {
      if (path.startsWith('/learningplan/optimized-data/')) return [200, data];
      if (path.endsWith('/edits'))
        return [
          200,
          {
            version: 2,
            edits: [entry(2, 'Renamed the milestone “A” to “B”'), entry(1, 'Added the lesson “C”')],
          },
        ];
      if (method === 'POST' && path.endsWith('/edits/restore'))
        return [
          200,
          { version: 3, edit: { ...entry(3, 'Restored the plan to version 1'), kind: 'restore' } },
        ];
      return [200, idle];
    });
    renderAt(`/learning-plan/${data.goal.id}`, <LearningPlanPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit plan' }));
    await userEvent.click(await screen.findByRole('button', { name: 'History (2 changes)' }));
    const versions = screen.getByRole('list', { name: 'Versions of this plan' });
    const items = within(versions).getAllByRole('listitem');
    // the newest is the current one: nothing to restore there
    expect(items[0]!.textContent).toContain('current');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Restore this version' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/edits/restore'))).toMatchObject({
        body: { to: 1, version: 2 },
      }),
    );
    expect(screen.getByRole('button', { name: 'Restore the plan as generated' })).toBeTruthy();
  });

  it('Regenerate remaining lessons: asked first, then says how many will be written again', async () => {
    const s1 = section('Foundations');
    const data = planData([[s1, [lesson('Setup', s1, { isCompleted: true }), lesson('Syntax', s1)]]]);
    const calls = answerApi(({ method, path }) => {
      if (path.startsWith('/learningplan/optimized-data/')) return [200, data];
      if (method === 'POST' && path.endsWith('/regenerate-remaining'))
        return [200, { goalId: data.goal.id, cleared: 1, lessons: [] }];
      return [200, idle];
    });
    renderAt(`/learning-plan/${data.goal.id}`, <LearningPlanPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Regenerate remaining lessons' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Regenerate remaining lessons?' });
    expect(dialog.textContent).toContain('Completed and started lessons stay as they are');
    expect(calls.some((c) => c.path.endsWith('/regenerate-remaining'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Regenerate remaining lessons' }));
    await waitFor(() =>
      expect(toastStore.get().map((t) => t.message)).toContain(
        '1 lesson will be written again when you open it.',
      ),
    );
    expect(calls.find((c) => c.path.endsWith('/regenerate-remaining'))?.path).toBe(
      `/roadmaps/goal/${data.goal.id}/regenerate-remaining`,
    );
  });

  it('Edit mode: Suggest one shows the AI’s lesson, Another asks again without it, Add it adds it where it fits; over the limit, Daily Limit Reached', async () => {
    const s1 = section('Foundations');
    const data = planData([[s1, [lesson('Setup', s1)]]]);
    let suggestions = 0;
    const calls = answerApi(({ method, path }) => {
      if (path.startsWith('/learningplan/optimized-data/')) return [200, data];
      if (path.endsWith('/edits')) return [200, { version: 0, edits: [] }];
      if (method === 'POST' && path.endsWith('/suggestion')) {
        suggestions += 1;
        if (suggestions === 3)
          return [
            429,
            {
              message: 'Only 1 lesson per 24 hours allowed in free version',
              hoursUntilReset: 20,
              subscriptionMessage: '',
              currentCount: 1,
              maxRequests: 1,
              code: 'PLAN_LIMIT',
            },
          ];
        const title = suggestions === 1 ? 'Window functions' : 'Indexes';
        return [
          200,
          {
            roadmapId: s1.id,
            title,
            summary: 'About it',
            estimatedTimeInMinutes: 30,
            index: 1,
            source: 'offline',
          },
        ];
      }
      if (method === 'POST' && path === `/roadmaps/${s1.id}/items`) {
        const edit = {
          id: uuid(),
          version: 1,
          kind: 'add-lesson',
          summary: 'Added',
          undone: false,
          createdAt: T0,
        };
        return [200, { version: 1, edit }];
      }
      return [200, idle];
    });
    renderAt(`/learning-plan/${data.goal.id}`, <LearningPlanPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit plan' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Suggest one' }));
    const card = await screen.findByRole('region', { name: 'Suggested lesson' });
    expect(card.textContent).toContain('Window functions');
    await userEvent.click(within(card).getByRole('button', { name: 'Another' }));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Suggested lesson' }).textContent).toContain('Indexes'),
    );
    expect(calls.filter((c) => c.path.endsWith('/suggestion')).map((c) => c.body)).toEqual([
      { exclude: [] },
      { exclude: ['Window functions'] },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Add it' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === `/roadmaps/${s1.id}/items`)?.body).toEqual({
        title: 'Indexes',
        index: 1,
        version: 0,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Suggest one' }));
    expect(await screen.findByText('Daily Limit Reached')).toBeTruthy();
    expect(screen.getByText('Only 1 lesson per 24 hours allowed in free version')).toBeTruthy();
  });
});
