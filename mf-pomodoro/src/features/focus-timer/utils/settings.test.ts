import { POMODORO_DEFAULTS, PomodoroSettingsSchema } from '@mindpath/contracts/pomodoro';
import { describe, expect, it } from 'vitest';
import { draftOf, parseSettingInput, settingsFromDraft, validSettings } from './settings.ts';

describe('pomodoro settings input', () => {
  it('takes whole numbers within the bounds', () => {
    expect(parseSettingInput('focusDuration', '1')).toBe(1);
    expect(parseSettingInput('focusDuration', ' 60 ')).toBe(60);
    expect(parseSettingInput('shortBreakDuration', '30')).toBe(30);
    expect(parseSettingInput('sessionsBeforeLongBreak', '10')).toBe(10);
  });

  it.each([
    ['focusDuration', '0'],
    ['focusDuration', '-3'],
    ['focusDuration', ''],
    ['focusDuration', 'abc'],
    ['focusDuration', '2.5'],
    ['focusDuration', '61'],
    ['shortBreakDuration', '31'],
    ['longBreakDuration', '61'],
    ['sessionsBeforeLongBreak', '11'],
  ] as const)('ignores %s = %j', (field, text) => {
    expect(parseSettingInput(field, text)).toBeNull();
  });

  it('an ignored field keeps its saved value', () => {
    const draft = { ...draftOf(POMODORO_DEFAULTS), focusDuration: '0', shortBreakDuration: '7' };
    expect(settingsFromDraft(draft, POMODORO_DEFAULTS)).toEqual({
      ...POMODORO_DEFAULTS,
      shortBreakDuration: 7,
    });
  });

  it('local values that are not settings fall back to the defaults', () => {
    expect(validSettings({ focusDuration: 99 })).toEqual(POMODORO_DEFAULTS);
    expect(validSettings(undefined)).toEqual(POMODORO_DEFAULTS);
    const mine = { ...POMODORO_DEFAULTS, focusDuration: 45 };
    expect(validSettings(mine)).toEqual(mine);
  });
});

describe('validSettings (checked without zod)', () => {
  it('keeps what PomodoroSettingsSchema accepts and nothing else', () => {
    const samples: unknown[] = [
      POMODORO_DEFAULTS,
      { ...POMODORO_DEFAULTS, extra: 1 },
      { ...POMODORO_DEFAULTS, focusDuration: 60 },
      { ...POMODORO_DEFAULTS, focusDuration: 61 },
      { ...POMODORO_DEFAULTS, shortBreakDuration: 0 },
      { ...POMODORO_DEFAULTS, longBreakDuration: 2.5 },
      { ...POMODORO_DEFAULTS, sessionsBeforeLongBreak: '4' },
      { focusDuration: 25 },
      null,
      [],
    ];
    for (const value of samples) {
      const parsed = PomodoroSettingsSchema.safeParse(value);
      expect(validSettings(value), JSON.stringify(value)).toEqual(
        parsed.success ? parsed.data : POMODORO_DEFAULTS,
      );
    }
  });
});
