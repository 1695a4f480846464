// The review settings form's rules, pure for unit tests: retention is written as a percentage, the caps as
// whole numbers, each within the bounds the API takes (ReviewSettingsSchema).
import type { ReviewSettings } from '@mindpath/contracts/reviews';

export type ReviewSettingsField = keyof ReviewSettings;
export type ReviewSettingsDraft = Record<ReviewSettingsField, string>;

export const REVIEW_SETTINGS_FIELDS = [
  {
    key: 'requestRetention',
    label: 'Target recall (%)',
    hint: 'How sure you want to be of remembering a card when it comes back. Higher brings cards back sooner.',
    min: 70,
    max: 99,
  },
  { key: 'newPerDay', label: 'New cards per day', hint: '', min: 0, max: 1000 },
  { key: 'reviewsPerDay', label: 'Reviews per day', hint: '', min: 0, max: 10_000 },
] as const satisfies readonly {
  key: ReviewSettingsField;
  label: string;
  hint: string;
  min: number;
  max: number;
}[];

export function draftOf(settings: ReviewSettings): ReviewSettingsDraft {
  return {
    requestRetention: String(Math.round(settings.requestRetention * 100)),
    newPerDay: String(settings.newPerDay),
    reviewsPerDay: String(settings.reviewsPerDay),
  };
}

export const boundsMessage = (min: number, max: number) => `Enter a whole number from ${min} to ${max}.`;

/** The settings the draft says, or the message of each field that is not a whole number within its bounds. */
export function parseDraft(
  draft: ReviewSettingsDraft,
): { settings: ReviewSettings } | { errors: Partial<Record<ReviewSettingsField, string>> } {
  const errors: Partial<Record<ReviewSettingsField, string>> = {};
  const values = {} as Record<ReviewSettingsField, number>;
  for (const { key, min, max } of REVIEW_SETTINGS_FIELDS) {
    const text = draft[key].trim();
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < min || n > max) errors[key] = boundsMessage(min, max);
    else values[key] = n;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    settings: {
      requestRetention: values.requestRetention / 100,
      newPerDay: values.newPerDay,
      reviewsPerDay: values.reviewsPerDay,
    },
  };
}
