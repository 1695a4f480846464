// @vitest-environment jsdom
import { POMODORO_DEFAULTS } from '@mindpath/contracts/pomodoro';
import { renderPage, type StubbedCall, stubFetch } from '@mindpath/mf/render-page';
import { useActivity } from '@mindpath/sdk/dashboard-hooks';
import { localStore } from '@mindpath/sdk/local-store';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import FocusTimer from './focus-timer.tsx';

const LESSON = '11111111-1111-4111-8111-111111111111';
const MIN = 60_000;

function server(settingsStatus = 200): StubbedCall[] {
  return stubFetch(({ url, method, body }) => {
    if (url.endsWith('/pomodoro/settings')) {
      if (settingsStatus !== 200) return [settingsStatus, { message: 'down', code: 'X' }];
      return [200, method === 'PUT' ? body : POMODORO_DEFAULTS];
    }
    if (url.endsWith('/pomodoro/sessions')) {
      return [201, { id: '22222222-2222-4222-8222-222222222222', goalId: null, ...(body as object) }];
    }
    return [404, { message: 'no', code: 'NOT_FOUND' }];
  });
}

/** a page beside the timer that shows the activity, as /home does */
function ActivityReader() {
  const activity = useActivity();
  return <p>{activity.isFetched ? 'activity read' : 'reading'}</p>;
}

const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
const moveClock = async (ms: number) => {
  await act(async () => {
    vi.setSystemTime(Date.now() + ms);
    await vi.advanceTimersByTimeAsync(1_000);
  });
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  localStore.set('token', 'jwt');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('FocusTimer', () => {
  it('collapses to a small timer and expands again, keeping the choice', async () => {
    server();
    renderPage(<FocusTimer />);
    await user().click(screen.getByRole('button', { name: /^Focus timer: 25:00 Focus, paused/ }));
    expect(screen.getByRole('heading', { name: 'Focus timer' })).toBeTruthy();
    expect(localStore.get('pomodoroVisible')).toBe(true);
    await user().click(screen.getByRole('button', { name: 'Collapse the focus timer' }));
    expect(screen.queryByRole('heading', { name: 'Focus timer' })).toBeNull();
    expect(localStore.get('pomodoroVisible')).toBe(false);
  });

  it('focus has Start/Pause and Reset, no Skip; a finished focus is recorded for the lesson and Skip ends the break', async () => {
    const calls = server();
    localStore.set('pomodoroVisible', true);
    renderPage(<FocusTimer />, { path: `/lessons/${LESSON}`, route: '/lessons/:id' });
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Start' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    expect(document.title).toMatch(/^25:00 Focus/);

    await moveClock(10 * MIN);
    expect(screen.getByRole('timer').textContent).toBe('14:59');
    await moveClock(15 * MIN);
    await waitFor(() => expect(screen.getByText(/^Short Break/)).toBeTruthy());
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/pomodoro/sessions'))).toBe(true));
    const recorded = calls.filter((c) => c.url.endsWith('/pomodoro/sessions'));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.body).toMatchObject({ duration: 1500, lessonId: LESSON });
    expect(localStore.get('pomodoroPending')).toEqual([]);

    await user().click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.getByText(/^Focus/, { selector: 'p' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
    await user().click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('25:00');
  });

  it("a recorded session reads home's activity again (its streak and heatmap count focus minutes)", async () => {
    const calls = server();
    localStore.set('pomodoroVisible', true);
    renderPage(
      <>
        <FocusTimer />
        <ActivityReader />
      </>,
    );
    const reads = () => calls.filter((c) => c.url.includes('/activity')).length;
    await screen.findByText('activity read');
    const before = reads();
    await user().click(screen.getByRole('button', { name: 'Start' }));
    await moveClock(25 * MIN);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/pomodoro/sessions'))).toBe(true));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('a session the server cannot take waits and is sent once it can', async () => {
    let up = false;
    const calls = stubFetch(({ url, body }) => {
      if (url.endsWith('/pomodoro/settings')) return [200, POMODORO_DEFAULTS];
      if (!up) return [503, { message: 'down', code: 'X' }];
      return [
        201,
        { id: '22222222-2222-4222-8222-222222222222', goalId: null, lessonId: null, ...(body as object) },
      ];
    });
    localStore.set('pomodoroVisible', true);
    renderPage(<FocusTimer />);
    await user().click(screen.getByRole('button', { name: 'Start' }));
    await moveClock(25 * MIN);
    await waitFor(() => expect(localStore.get('pomodoroPending')).toHaveLength(1));
    up = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    await waitFor(() => expect(localStore.get('pomodoroPending')).toEqual([]));
    const sent = calls
      .filter((c) => c.url.endsWith('/pomodoro/sessions'))
      .map((c) => (c.body as { clientId: string }).clientId);
    expect(new Set(sent).size).toBe(1);
  });

  it('ignores a setting below 1 and says so; saves the rest, locally only when the server fails', async () => {
    const calls = server(500);
    localStore.set('pomodoroVisible', true);
    renderPage(<FocusTimer />);
    await user().click(screen.getByText('Timer settings'));
    const focus = screen.getByLabelText('Focus (minutes)');
    await user().clear(focus);
    await user().type(focus, '0');
    expect(screen.getByText('Enter a whole number from 1 to 60. This value is ignored.')).toBeTruthy();
    const shortBreak = screen.getByLabelText('Short break (minutes)');
    await user().clear(shortBreak);
    await user().type(shortBreak, '7');
    await user().click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved on this device only: the server could not be reached.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      ...POMODORO_DEFAULTS,
      shortBreakDuration: 7,
    });
    expect(localStore.get('pomodoroSettings')).toEqual({ ...POMODORO_DEFAULTS, shortBreakDuration: 7 });
  });
});
