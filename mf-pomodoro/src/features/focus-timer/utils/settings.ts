// Settings as typed into the panel (spec 2 §5): a value below 1 or not a number is ignored, one past its
// bound too; only a complete set of valid values is saved.
import {
  POMODORO_BOUNDS,
  POMODORO_DEFAULTS,
  POMODORO_SETTING_FIELDS,
  type PomodoroSettingField,
  type PomodoroSettings,
  PomodoroSettingsSchema,
} from '@mindpath/contracts/pomodoro';

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

/** Settings kept locally, when they are settings; the defaults otherwise. */
export function validSettings(value: unknown): PomodoroSettings {
  const parsed = PomodoroSettingsSchema.safeParse(value);
  return parsed.success ? parsed.data : { ...POMODORO_DEFAULTS };
}
