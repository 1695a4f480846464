// The running timer: its state from localStorage (one timer across tabs), a tick that catches up with
// `advance` (exact after throttling, sleep or a reload), the effects of a phase that ends (the session
// recorded, the in-app and system notification, the beeps) run by one tab only, and the tab title.
import type { PomodoroSettings, PomodoroTimerState } from '@mindpath/contracts/pomodoro';
import { bus } from '@mindpath/events';
import { pomodoroApi } from '@mindpath/sdk/pomodoro-api';
import { queryKeys } from '@mindpath/sdk/query-keys';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { phaseMessage, SYSTEM_NOTIFICATION_TITLE } from '../utils/messages.ts';
import { enqueue, flush, pendingSessions, RETRY_MS } from '../utils/session-queue.ts';
import { exclusively, newFocusId, readState, subscribeState, writeState } from '../utils/state-store.ts';
import {
  type Advanced,
  advance,
  applySettings,
  initialState,
  isIdle,
  pause,
  phaseMsOf,
  reset,
  skip,
  start,
  TAB_TITLE_PREFIX,
  tabTitle,
} from '../utils/timer.ts';

const NOTICE_MS = 5_000;

export interface FocusTimerOptions {
  settings: PomodoroSettings;
  /** the lesson open now, if any */
  lessonId: string | null;
  /** rings the beeps (the sound player of the widget) */
  onPhaseEnd: () => void;
}

function notifySystem(message: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const notice = new Notification(SYSTEM_NOTIFICATION_TITLE, { body: message, tag: 'mindpath-pomodoro' });
    setTimeout(() => notice.close(), NOTICE_MS);
  } catch {
    // some browsers allow notifications only from a service worker: the in-app one still shows
  }
}

export function useFocusTimer({ settings, lessonId, onPhaseEnd }: FocusTimerOptions) {
  const client = useQueryClient();
  const [fallback] = useState(() => initialState(settings, newFocusId()));
  const stored = useSyncExternalStore(subscribeState, readState, () => null);
  const state: PomodoroTimerState = stored ?? applySettings(fallback, settings);
  const [now, setNow] = useState(() => Date.now());
  const live = useRef({ settings, lessonId, onPhaseEnd, state });
  live.current = { settings, lessonId, onPhaseEnd, state };

  const sendPending = useCallback(async () => {
    if (pendingSessions().length === 0) return;
    if ((await flush(pomodoroApi.recordSession)) > 0) {
      // the focus stats, and home's activity and streak, which count focus minutes too
      await Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.pomodoroStats }),
        client.invalidateQueries({ queryKey: queryKeys.home }),
      ]);
    }
  }, [client]);

  const effects = useCallback(
    (out: Advanced) => {
      if (out.completed.length > 0) {
        enqueue(out.completed);
        void sendPending();
      }
      const last = out.transitions.at(-1);
      if (!last) return;
      const message = phaseMessage(last.from, last.to);
      bus.emit('toast', { message, kind: 'info', durationMs: NOTICE_MS });
      notifySystem(message);
      live.current.onPhaseEnd();
    },
    [sendPending],
  );

  /** Advances past every phase that ended, once across tabs: the stored state is re-read inside the lock. */
  const catchUp = useCallback(() => {
    const at = Date.now();
    setNow(at);
    const current = live.current.state;
    if (current.endsAt === null || current.endsAt > at) return;
    void exclusively(() => {
      const { settings: s, lessonId: lesson } = live.current;
      const out = advance(readState() ?? current, s, Date.now(), newFocusId, lesson);
      if (out.transitions.length === 0) return;
      writeState(out.state);
      effects(out);
    });
  }, [effects]);

  useEffect(() => {
    catchUp();
    const tick = setInterval(catchUp, 1000);
    document.addEventListener('visibilitychange', catchUp);
    return () => {
      clearInterval(tick);
      document.removeEventListener('visibilitychange', catchUp);
    };
  }, [catchUp]);

  // sessions that could not be sent wait for the server: at once, when back online, then every 30 s
  useEffect(() => {
    void sendPending();
    const retry = setInterval(() => void sendPending(), RETRY_MS);
    const online = () => void sendPending();
    window.addEventListener('online', online);
    return () => {
      clearInterval(retry);
      window.removeEventListener('online', online);
    };
  }, [sendPending]);

  // new settings reach a phase that has not started
  useEffect(() => {
    const current = readState();
    if (current && isIdle(current) && current.phaseMs !== phaseMsOf(current.phase, settings)) {
      writeState(applySettings(current, settings));
    }
  }, [settings]);

  // the time left and the phase in the tab title while running
  const title = tabTitle(state, now, document.title.replace(TAB_TITLE_PREFIX, ''));
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = document.title.replace(TAB_TITLE_PREFIX, '');
    },
    [],
  );

  const askedPermission = useRef(false);
  const actions = {
    start: () => {
      if (
        !askedPermission.current &&
        typeof Notification !== 'undefined' &&
        Notification.permission === 'default'
      ) {
        askedPermission.current = true;
        void Notification.requestPermission().catch(() => undefined);
      }
      writeState(start(state, Date.now(), live.current.lessonId));
    },
    pause: () => writeState(pause(state, Date.now())),
    reset: () => writeState(reset(state, settings)),
    skip: () => writeState(skip(state, settings, Date.now(), newFocusId, live.current.lessonId)),
  };
  return { state, now, actions };
}
