import {
  PomodoroSessionSchema,
  type PomodoroSettings,
  PomodoroSettingsSchema,
  PomodoroStatsSchema,
  type RecordPomodoroSession,
} from '@mindpath/contracts/pomodoro';
import { request } from './http.ts';

/** The learner's IANA time zone, so the statistics' days are the learner's own. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The focus timer calls (spec 2 §7: get settings, save settings, record session) and its statistics. */
export const pomodoroApi = {
  settings: () => request('GET', '/pomodoro/settings', PomodoroSettingsSchema),
  saveSettings: (body: PomodoroSettings) =>
    request('PUT', '/pomodoro/settings', PomodoroSettingsSchema, body),
  recordSession: (body: RecordPomodoroSession) =>
    request('POST', '/pomodoro/sessions', PomodoroSessionSchema, body),
  stats: (timeZone = localTimeZone()) =>
    request('GET', `/pomodoro/stats?timeZone=${encodeURIComponent(timeZone)}`, PomodoroStatsSchema),
};
