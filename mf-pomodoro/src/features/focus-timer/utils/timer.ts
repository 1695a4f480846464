// The cycle rules of the focus timer (spec 2 §4 Pomodoro) over an end time: every function takes `now` and
// answers a new state, so a throttled tab, a laptop that slept or a reload catches up exactly (`advance`).
import type {
  PomodoroPhase,
  PomodoroSettings,
  PomodoroTimerState,
  RecordPomodoroSession,
} from '@mindpath/contracts/pomodoro';

const MINUTE_MS = 60_000;

export function phaseMsOf(phase: PomodoroPhase, settings: PomodoroSettings): number {
  const minutes = {
    focus: settings.focusDuration,
    shortBreak: settings.shortBreakDuration,
    longBreak: settings.longBreakDuration,
  }[phase];
  return minutes * MINUTE_MS;
}

export const isRunning = (state: PomodoroTimerState) => state.endsAt !== null;
export const isBreak = (state: PomodoroTimerState) => state.phase !== 'focus';
/** Neither running nor paused: the phase is at its full length. */
export const isIdle = (state: PomodoroTimerState) =>
  state.endsAt === null && state.pausedRemainingMs === null;

export function initialState(settings: PomodoroSettings, focusId: string): PomodoroTimerState {
  return {
    phase: 'focus',
    endsAt: null,
    pausedRemainingMs: null,
    phaseMs: phaseMsOf('focus', settings),
    cycle: 0,
    focusId,
    lessonId: null,
  };
}

export function remainingMs(state: PomodoroTimerState, now: number): number {
  if (state.endsAt !== null) return Math.max(0, state.endsAt - now);
  return state.pausedRemainingMs ?? state.phaseMs;
}

/** Starts or resumes. A focus period that starts takes the lesson open now. */
export function start(state: PomodoroTimerState, now: number, lessonId: string | null): PomodoroTimerState {
  if (isRunning(state)) return state;
  const starting = state.phase === 'focus' && isIdle(state);
  return {
    ...state,
    endsAt: now + remainingMs(state, now),
    pausedRemainingMs: null,
    lessonId: starting ? lessonId : state.lessonId,
  };
}

export function pause(state: PomodoroTimerState, now: number): PomodoroTimerState {
  if (!isRunning(state)) return state;
  return { ...state, endsAt: null, pausedRemainingMs: remainingMs(state, now) };
}

/** The current phase back to its full length (of the settings now), stopped. */
export function reset(state: PomodoroTimerState, settings: PomodoroSettings): PomodoroTimerState {
  return { ...state, endsAt: null, pausedRemainingMs: null, phaseMs: phaseMsOf(state.phase, settings) };
}

/** New settings reach a phase that has not started; a started one keeps the length it began with. */
export function applySettings(state: PomodoroTimerState, settings: PomodoroSettings): PomodoroTimerState {
  return isIdle(state) ? reset(state, settings) : state;
}

export interface Transition {
  from: PomodoroPhase;
  to: PomodoroPhase;
  /** epoch ms at which the phase `from` ended */
  at: number;
}

export interface Advanced {
  state: PomodoroTimerState;
  /** focus periods that ended, to record (completedAt is when each ended, not when it was noticed) */
  completed: RecordPomodoroSession[];
  transitions: Transition[];
}

/** The phase after one that ended; `cycle` counts focus sessions since the last long break. */
function next(
  state: PomodoroTimerState,
  settings: PomodoroSettings,
  endedAt: number,
  newFocusId: () => string,
  lessonId: string | null,
): PomodoroTimerState {
  if (state.phase === 'focus') {
    const cycle = state.cycle + 1;
    const phase: PomodoroPhase = cycle >= settings.sessionsBeforeLongBreak ? 'longBreak' : 'shortBreak';
    const phaseMs = phaseMsOf(phase, settings);
    return { ...state, phase, phaseMs, endsAt: endedAt + phaseMs, cycle: phase === 'longBreak' ? 0 : cycle };
  }
  const phaseMs = phaseMsOf('focus', settings);
  return { ...state, phase: 'focus', phaseMs, endsAt: endedAt + phaseMs, focusId: newFocusId(), lessonId };
}

/**
 * Every phase that ended by `now`, in order: a focus that ended is a session to record and a break begins
 * where it ended; a break that ended resumes focus. Several phases pass when the tab slept through them.
 * A new focus period begun while away takes the lesson open now.
 */
export function advance(
  state: PomodoroTimerState,
  settings: PomodoroSettings,
  now: number,
  newFocusId: () => string,
  lessonId: string | null,
): Advanced {
  const completed: RecordPomodoroSession[] = [];
  const transitions: Transition[] = [];
  let current = state;
  while (current.endsAt !== null && current.endsAt <= now) {
    const endedAt = current.endsAt;
    if (current.phase === 'focus') {
      completed.push({
        clientId: current.focusId,
        completedAt: new Date(endedAt).toISOString(),
        duration: Math.round(current.phaseMs / 1000),
        notes: '',
        lessonId: current.lessonId,
      });
    }
    const following = next(current, settings, endedAt, newFocusId, lessonId);
    transitions.push({ from: current.phase, to: following.phase, at: endedAt });
    current = following;
  }
  return { state: current, completed, transitions };
}

/** Skip (only during a break, spec 2 §4): focus begins now, running if the break was. */
export function skip(
  state: PomodoroTimerState,
  settings: PomodoroSettings,
  now: number,
  newFocusId: () => string,
  lessonId: string | null,
): PomodoroTimerState {
  if (!isBreak(state)) return state;
  const phaseMs = phaseMsOf('focus', settings);
  const running = isRunning(state);
  return {
    ...state,
    phase: 'focus',
    phaseMs,
    endsAt: running ? now + phaseMs : null,
    pausedRemainingMs: null,
    focusId: newFocusId(),
    lessonId: running ? lessonId : null,
  };
}

export const PHASE_LABELS: Record<PomodoroPhase, string> = {
  focus: 'Focus',
  shortBreak: 'Short Break',
  longBreak: 'Long Break',
};

/** mm:ss, rounding up so 0:00 shows only when the phase is over. */
export function formatClock(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** What tabTitle put before the page's own title, to take off again. */
export const TAB_TITLE_PREFIX = /^\d{2,}:\d{2} (Focus|Short Break|Long Break)( · |$)/;

/** The tab title while the timer runs: time left and phase before the page's own title. */
export function tabTitle(state: PomodoroTimerState, now: number, pageTitle: string): string {
  if (!isRunning(state)) return pageTitle;
  const timer = `${formatClock(remainingMs(state, now))} ${PHASE_LABELS[state.phase]}`;
  return pageTitle ? `${timer} · ${pageTitle}` : timer;
}

/** A state read from storage, or null when it is not one (another version, edited by hand). */
export function parseState(value: unknown): PomodoroTimerState | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const num = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  const phases: unknown[] = ['focus', 'shortBreak', 'longBreak'];
  if (!phases.includes(v.phase) || !num(v.phaseMs) || !num(v.cycle) || typeof v.focusId !== 'string')
    return null;
  if (v.endsAt !== null && !num(v.endsAt)) return null;
  if (v.pausedRemainingMs !== null && !num(v.pausedRemainingMs)) return null;
  if (v.lessonId !== null && typeof v.lessonId !== 'string') return null;
  return v as unknown as PomodoroTimerState;
}
