import type { PomodoroSettings } from '@mindpath/contracts/pomodoro';
import {
  POMODORO_BOUNDS,
  POMODORO_SETTING_FIELDS,
  type PomodoroSettingField,
  settingBoundsMessage,
} from '@mindpath/contracts/pomodoro-constants';
import { Button } from '@mindpath/ui/button';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import type { SaveOutcome } from '../hooks/use-timer-settings.ts';
import { draftOf, parseSettingInput, type SettingsDraft, settingsFromDraft } from '../utils/settings.ts';
import styles from './focus-timer.module.css';

const LABELS: Record<PomodoroSettingField, string> = {
  focusDuration: 'Focus (minutes)',
  shortBreakDuration: 'Short break (minutes)',
  longBreakDuration: 'Long break (minutes)',
  sessionsBeforeLongBreak: 'Sessions before a long break',
};

const OUTCOME: Record<SaveOutcome, string> = {
  saved: 'Settings saved.',
  local: 'Settings saved on this device only: the server could not be reached.',
};
const MESSAGE_MS = 3_000;

export interface SettingsFormProps {
  settings: PomodoroSettings;
  save: UseMutationResult<SaveOutcome, Error, PomodoroSettings>;
}

/** The four settings (spec 2 §5): a value below 1, past its bound or not a number is ignored, and said so. */
export function SettingsForm({ settings, save }: SettingsFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => setDraft(draftOf(settings)), [settings]);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await save.mutateAsync(settingsFromDraft(draft, settings));
    setMessage(OUTCOME[outcome]);
  };

  return (
    <details className={styles.details}>
      <summary>Timer settings</summary>
      <form className={styles.settings} onSubmit={submit} noValidate>
        {POMODORO_SETTING_FIELDS.map((field) => {
          const ignored = parseSettingInput(field, draft[field]) === null;
          return (
            <div key={field} className={styles.field}>
              <label htmlFor={`${id}-${field}`}>{LABELS[field]}</label>
              <input
                id={`${id}-${field}`}
                type="number"
                inputMode="numeric"
                min={POMODORO_BOUNDS[field].min}
                max={POMODORO_BOUNDS[field].max}
                value={draft[field]}
                aria-invalid={ignored}
                aria-describedby={ignored ? `${id}-${field}-hint` : undefined}
                onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
              />
              {ignored ? (
                <p id={`${id}-${field}-hint`} className={styles.hint}>
                  {settingBoundsMessage(field)} This value is ignored.
                </p>
              ) : null}
            </div>
          );
        })}
        <Button type="submit" size="sm" loading={save.isPending}>
          Save settings
        </Button>
        <p role="status" className={styles.status}>
          {message}
        </p>
      </form>
    </details>
  );
}
