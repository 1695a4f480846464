// Settings as typed into the panel (spec 2 §5): a value below 1 or not a number is ignored, one past its
// bound too; only a complete set of valid values is saved.
import type { PomodoroSettings } from '@mindpath/contracts/pomodoro';
import {
  POMODORO_BOUNDS,
  POMODORO_DEFAULTS,
  POMODORO_SETTING_FIELDS,
  type PomodoroSettingField,
} from '@mindpath/contracts/pomodoro-constants';

/** The value of a field as typed, or null when it is to be ignored. */
export function parseSettingInput(field: PomodoroSettingField, text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  const { min, max } = POMODORO_BOUNDS[field];
  return value >= min && value <= max ? value : null;
}

export type SettingsDraft = Record<PomodoroSettingField, string>;

export const draftOf = (settings: PomodoroSettings): SettingsDraft =>
  Object.fromEntries(POMODORO_SETTING_FIELDS.map((f) => [f, String(settings[f])])) as SettingsDraft;

/** The draft's valid values over the saved ones: an ignored field keeps its saved value. */
export function settingsFromDraft(draft: SettingsDraft, saved: PomodoroSettings): PomodoroSettings {
  const out = { ...saved };
  for (const field of POMODORO_SETTING_FIELDS)
    out[field] = parseSettingInput(field, draft[field]) ?? saved[field];
  return out;
}

/**
 * Settings kept locally, when they are settings (PomodoroSettingsSchema's rules: whole numbers within their
 * bounds, checked without zod, which the widget's first load does not carry); the defaults otherwise.
 */
export function validSettings(value: unknown): PomodoroSettings {
  if (typeof value !== 'object' || value === null) return { ...POMODORO_DEFAULTS };
  const stored = value as Record<string, unknown>;
  const valid = POMODORO_SETTING_FIELDS.every((field) => {
    const n = stored[field];
    const { min, max } = POMODORO_BOUNDS[field];
    return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
  });
  if (!valid) return { ...POMODORO_DEFAULTS };
  return Object.fromEntries(POMODORO_SETTING_FIELDS.map((f) => [f, stored[f]])) as PomodoroSettings;
}
