// The timer's state lives in localStorage (`pomodoroState`), the one truth every tab reads: a tab that
// changes it notifies its own listeners, the others hear the storage event, so two tabs show one timer.
import type { PomodoroSettings, PomodoroTimerState } from '@mindpath/contracts/pomodoro';
import { localStore, storageNameOf } from '@mindpath/sdk/local-store';
import { initialState, parseState } from './timer.ts';

const STATE_KEY = storageNameOf('pomodoroState');
const listeners = new Set<() => void>();
let cached: { raw: string | null; state: PomodoroTimerState | null } = { raw: null, state: null };

export const newFocusId = () => crypto.randomUUID();

function readRaw(): string | null {
  try {
    return globalThis.localStorage?.getItem(STATE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The stored state (the same object while the stored text is unchanged, as useSyncExternalStore wants). */
export function readState(): PomodoroTimerState | null {
  const raw = readRaw();
  if (raw !== cached.raw || cached.state === null) {
    cached = { raw, state: raw === null ? null : parseState(localStore.get('pomodoroState')) };
  }
  return cached.state;
}

export function readStateOr(settings: PomodoroSettings): PomodoroTimerState {
  return readState() ?? initialState(settings, newFocusId());
}

export function writeState(state: PomodoroTimerState): void {
  localStore.set('pomodoroState', state);
  for (const listener of listeners) listener();
}

export function subscribeState(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STATE_KEY || event.key === null) listener();
  };
  globalThis.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener('storage', onStorage);
  };
}

/**
 * Runs `fn` alone across this learner's tabs (Web Locks), so a phase that ends is advanced, recorded,
 * announced and rung by one tab only; where locks are missing, by this tab at once.
 */
export function exclusively(fn: () => void): Promise<void> {
  const locks = globalThis.navigator?.locks;
  if (!locks) {
    fn();
    return Promise.resolve();
  }
  return locks.request('mindpath-pomodoro', () => fn());
}
