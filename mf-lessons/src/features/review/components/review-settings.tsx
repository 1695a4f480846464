// Beneath the review: the requested retention FSRS schedules for, and the daily caps of new cards and reviews.
import type { ReviewSettings } from '@mindpath/contracts/reviews';
import { useReviewSettings, useSaveReviewSettings } from '@mindpath/sdk/reviews-hooks';
import { Button } from '@mindpath/ui/button';
import { TextField } from '@mindpath/ui/text-field';
import { type FormEvent, useEffect, useState } from 'react';
import {
  draftOf,
  parseDraft,
  REVIEW_SETTINGS_FIELDS,
  type ReviewSettingsDraft,
  type ReviewSettingsField,
} from '../utils/review-settings.ts';
import styles from './review.module.css';

export const SETTINGS_MESSAGES = {
  saved: 'Review settings saved.',
  saveFailed: 'Your review settings could not be saved. Please try again.',
  loadFailed: 'Your review settings could not be loaded.',
} as const;

function SettingsForm({ settings }: { settings: ReviewSettings }) {
  const save = useSaveReviewSettings();
  const [draft, setDraft] = useState<ReviewSettingsDraft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Partial<Record<ReviewSettingsField, string>>>({});
  const [message, setMessage] = useState('');
  useEffect(() => setDraft(draftOf(settings)), [settings]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDraft(draft);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      setMessage('');
      return;
    }
    setErrors({});
    save.mutate(parsed.settings, {
      onSuccess: () => setMessage(SETTINGS_MESSAGES.saved),
      onError: () => setMessage(SETTINGS_MESSAGES.saveFailed),
    });
  };

  return (
    <form className={styles.settingsForm} onSubmit={submit} noValidate>
      {REVIEW_SETTINGS_FIELDS.map(({ key, label, hint, min, max }) => (
        <TextField
          key={key}
          label={label}
          hint={hint || undefined}
          error={errors[key]}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          value={draft[key]}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
        />
      ))}
      <div className={styles.settingsActions}>
        <Button type="submit" size="sm" loading={save.isPending}>
          Save review settings
        </Button>
        <p role="status" className={styles.hint}>
          {message}
        </p>
      </div>
    </form>
  );
}

export function ReviewSettingsPanel() {
  const settings = useReviewSettings();
  return (
    <details className={styles.settings}>
      <summary>Review settings</summary>
      {settings.data ? (
        <SettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <p className={styles.hint}>{SETTINGS_MESSAGES.loadFailed}</p>
      ) : null}
    </details>
  );
}
