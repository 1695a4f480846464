import { describe, expect, it } from 'vitest';
import { draftOf, parseDraft } from './review-settings.ts';

describe('review settings', () => {
  it('shows retention as a percentage and reads it back as a share', () => {
    const draft = draftOf({ requestRetention: 0.9, newPerDay: 20, reviewsPerDay: 200 });
    expect(draft).toEqual({ requestRetention: '90', newPerDay: '20', reviewsPerDay: '200' });
    expect(parseDraft({ ...draft, requestRetention: ' 85 ', newPerDay: '0' })).toEqual({
      settings: { requestRetention: 0.85, newPerDay: 0, reviewsPerDay: 200 },
    });
  });

  it('names every field that is not a whole number within its bounds', () => {
    expect(parseDraft({ requestRetention: '100', newPerDay: '2.5', reviewsPerDay: '' })).toEqual({
      errors: {
        requestRetention: 'Enter a whole number from 70 to 99.',
        newPerDay: 'Enter a whole number from 0 to 1000.',
        reviewsPerDay: 'Enter a whole number from 0 to 10000.',
      },
    });
    expect(parseDraft({ requestRetention: '69', newPerDay: '-1', reviewsPerDay: '10001' })).toMatchObject({
      errors: {
        requestRetention: expect.any(String),
        newPerDay: expect.any(String),
        reviewsPerDay: expect.any(String),
      },
    });
  });
});
