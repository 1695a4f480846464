import { POMODORO_DEFAULTS, type PomodoroSettings } from '@mindpath/contracts/pomodoro';
import { describe, expect, it } from 'vitest';
import {
  advance,
  formatClock,
  initialState,
  parseState,
  pause,
  remainingMs,
  reset,
  skip,
  start,
  tabTitle,
} from './timer.ts';

const MIN = 60_000;
const settings: PomodoroSettings = { ...POMODORO_DEFAULTS };
const T0 = Date.UTC(2026, 2, 11, 9, 0);
let ids = 0;
const newId = () => `focus-${++ids}`;
const fresh = () => initialState(settings, 'focus-0');

describe('focus timer cycle', () => {
  it('starts at the full focus length and counts down from an end time', () => {
    const s = start(fresh(), T0, 'lesson-a');
    expect(s.endsAt).toBe(T0 + 25 * MIN);
    expect(s.lessonId).toBe('lesson-a');
    expect(remainingMs(s, T0 + 10 * MIN)).toBe(15 * MIN);
  });

  it('a finished focus is a session (completed when it ended) and a short break begins there', () => {
    const s = start(fresh(), T0, 'lesson-a');
    const out = advance(s, settings, T0 + 25 * MIN + 3_000, newId, null);
    expect(out.completed).toEqual([
      {
        clientId: 'focus-0',
        completedAt: new Date(T0 + 25 * MIN).toISOString(),
        duration: 1500,
        notes: '',
        lessonId: 'lesson-a',
      },
    ]);
    expect(out.state).toMatchObject({ phase: 'shortBreak', endsAt: T0 + 30 * MIN, cycle: 1 });
    expect(out.transitions).toEqual([{ from: 'focus', to: 'shortBreak', at: T0 + 25 * MIN }]);
  });

  it('the break is long after every sessionsBeforeLongBreak sessions, else short; focus resumes after it', () => {
    let s = start(fresh(), T0, null);
    const phases: string[] = [];
    let now = T0;
    for (let i = 0; i < 10; i++) {
      now = s.endsAt!;
      const out = advance(s, settings, now, newId, null);
      s = out.state;
      phases.push(s.phase);
    }
    expect(phases).toEqual([
      'shortBreak',
      'focus',
      'shortBreak',
      'focus',
      'shortBreak',
      'focus',
      'longBreak',
      'focus',
      'shortBreak',
      'focus',
    ]);
  });

  it('a new focus period gets a new client id, so one focus period is one session', () => {
    let s = start(fresh(), T0, null);
    s = advance(s, settings, T0 + 25 * MIN, newId, null).state;
    const after = advance(s, settings, T0 + 30 * MIN, newId, 'lesson-b').state;
    expect(after.phase).toBe('focus');
    expect(after.focusId).not.toBe('focus-0');
    expect(after.lessonId).toBe('lesson-b');
  });

  it('pause keeps the time left; start resumes from it', () => {
    const running = start(fresh(), T0, null);
    const paused = pause(running, T0 + 5 * MIN);
    expect(paused).toMatchObject({ endsAt: null, pausedRemainingMs: 20 * MIN });
    expect(remainingMs(paused, T0 + 60 * MIN)).toBe(20 * MIN);
    expect(advance(paused, settings, T0 + 600 * MIN, newId, null).completed).toEqual([]);
    const resumed = start(paused, T0 + 60 * MIN, 'ignored');
    expect(resumed.endsAt).toBe(T0 + 80 * MIN);
    expect(resumed.lessonId).toBeNull(); // the period began with no lesson open
  });

  it('reset puts the phase back to its full length, stopped', () => {
    const s = reset(start(fresh(), T0, null), { ...settings, focusDuration: 50 });
    expect(s).toMatchObject({ phase: 'focus', endsAt: null, pausedRemainingMs: null, phaseMs: 50 * MIN });
  });

  it('skip works only during a break and starts focus now', () => {
    const focus = start(fresh(), T0, null);
    expect(skip(focus, settings, T0, newId, null)).toBe(focus);
    const inBreak = advance(focus, settings, T0 + 25 * MIN, newId, null).state;
    const skipped = skip(inBreak, settings, T0 + 26 * MIN, newId, 'lesson-c');
    expect(skipped).toMatchObject({ phase: 'focus', endsAt: T0 + 51 * MIN, lessonId: 'lesson-c', cycle: 1 });
    const pausedBreak = pause(inBreak, T0 + 26 * MIN);
    expect(skip(pausedBreak, settings, T0 + 27 * MIN, newId, null)).toMatchObject({
      phase: 'focus',
      endsAt: null,
      pausedRemainingMs: null,
    });
  });
});

describe('restore with the elapsed time', () => {
  it('running: the time away is subtracted', () => {
    const stored = JSON.parse(JSON.stringify(start(fresh(), T0, null)));
    const restored = advance(parseState(stored)!, settings, T0 + 7 * MIN, newId, null);
    expect(restored.completed).toEqual([]);
    expect(remainingMs(restored.state, T0 + 7 * MIN)).toBe(18 * MIN);
  });

  it('paused: nothing is subtracted', () => {
    const stored = pause(start(fresh(), T0, null), T0 + MIN);
    expect(remainingMs(advance(stored, settings, T0 + 90 * MIN, newId, null).state, T0 + 90 * MIN)).toBe(
      24 * MIN,
    );
  });

  it('a break that ended while away: focus is running with the rest of its time', () => {
    const s = advance(start(fresh(), T0, null), settings, T0 + 25 * MIN, newId, null).state;
    const out = advance(s, settings, T0 + 32 * MIN, newId, null);
    expect(out.completed).toEqual([]);
    expect(out.state.phase).toBe('focus');
    expect(remainingMs(out.state, T0 + 32 * MIN)).toBe(23 * MIN);
  });

  it('several phases that ended while away: each focus recorded once, at the time it ended', () => {
    const s = start(fresh(), T0, 'lesson-a');
    // focus to 25, short to 30, focus to 55, short to 60, focus to 85, short to 90: at 95 a fourth focus runs
    const out = advance(s, settings, T0 + 95 * MIN, newId, 'lesson-z');
    expect(out.completed.map((c) => c.completedAt)).toEqual([
      new Date(T0 + 25 * MIN).toISOString(),
      new Date(T0 + 55 * MIN).toISOString(),
      new Date(T0 + 85 * MIN).toISOString(),
    ]);
    expect(new Set(out.completed.map((c) => c.clientId)).size).toBe(3);
    expect(out.completed[0]?.lessonId).toBe('lesson-a');
    expect(out.state).toMatchObject({ phase: 'focus', cycle: 3, lessonId: 'lesson-z' });
    expect(remainingMs(out.state, T0 + 95 * MIN)).toBe(20 * MIN);
  });

  it('refuses what is not a stored state', () => {
    expect(parseState(null)).toBeNull();
    expect(parseState({ phase: 'nap', endsAt: null })).toBeNull();
    expect(parseState({ ...fresh(), endsAt: 'soon' })).toBeNull();
    expect(parseState(fresh())).toEqual(fresh());
  });
});

describe('tab title', () => {
  it('shows the time left and the phase while running, the page title otherwise', () => {
    const s = start(fresh(), T0, null);
    expect(tabTitle(s, T0 + 61_500, 'Mindpath')).toBe('23:59 Focus · Mindpath');
    expect(tabTitle(pause(s, T0), T0, 'Mindpath')).toBe('Mindpath');
    const inBreak = advance(s, settings, T0 + 25 * MIN, newId, null).state;
    expect(tabTitle(inBreak, T0 + 25 * MIN, 'Goals')).toBe('05:00 Short Break · Goals');
  });

  it('rounds up to the second', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(1)).toBe('00:01');
    expect(formatClock(25 * MIN)).toBe('25:00');
  });
});
