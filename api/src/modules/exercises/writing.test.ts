import { describe, expect, it } from 'vitest';
import type { ExerciseRow } from './repository.ts';
import { writingNeeded } from './service.ts';

const at = new Date('2026-11-27T10:00:00Z');
const row = (position: number, over: Partial<ExerciseRow> = {}): ExerciseRow => ({
  id: `${position}-${over.rewrite ?? 0}`,
  userId: 'u',
  lessonId: 'l',
  position,
  source: 'model',
  spec: { title: `Exercise ${position}` },
  setup: null,
  status: 'unchecked',
  rewrite: 0,
  hiddenAt: null,
  hiddenReason: null,
  createdAt: at,
  ...over,
});

describe("what a model writes for a lesson's practice", () => {
  it('its first exercises when it never wrote any', () => {
    expect(writingNeeded([])).toEqual({ first: true });
  });

  it('nothing while every place has a visible exercise', () => {
    expect(writingNeeded([row(0), row(1)])).toBeNull();
  });

  it('a second version of a hidden exercise, naming it and why it failed', () => {
    const hidden = row(0, { hiddenAt: at, hiddenReason: 'AssertionError' });
    expect(writingNeeded([hidden, row(1)])).toEqual({
      first: false,
      rewrites: [{ position: 0, failed: { title: 'Exercise 0', message: 'AssertionError' } }],
    });
  });

  it('nothing more once the second version was hidden too, or while it is shown', () => {
    const first = row(0, { hiddenAt: at });
    expect(writingNeeded([first, row(0, { rewrite: 1 }), row(1)])).toBeNull();
    expect(writingNeeded([first, row(0, { rewrite: 1, hiddenAt: at }), row(1)])).toBeNull();
  });
});
