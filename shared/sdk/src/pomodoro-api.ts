import type {
  PomodoroSession,
  PomodoroSettings,
  PomodoroStats,
  RecordPomodoroSession,
} from '@mindpath/contracts/pomodoro';
import { fetchJson } from './http.ts';

/** The learner's IANA time zone, so the statistics' days are the learner's own. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The focus timer calls (spec 2 §7: get settings, save settings, record session) and its statistics. */
export const pomodoroApi = {
  settings: () => fetchJson<PomodoroSettings>('GET', '/pomodoro/settings'),
  saveSettings: (body: PomodoroSettings) => fetchJson<PomodoroSettings>('PUT', '/pomodoro/settings', body),
  recordSession: (body: RecordPomodoroSession) =>
    fetchJson<PomodoroSession>('POST', '/pomodoro/sessions', body),
  stats: (timeZone = localTimeZone()) =>
    fetchJson<PomodoroStats>('GET', `/pomodoro/stats?timeZone=${encodeURIComponent(timeZone)}`),
};
