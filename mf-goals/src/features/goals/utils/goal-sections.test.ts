import type { Goal } from '@mindpath/contracts/goals';
import { describe, expect, it } from 'vitest';
import { formatDate, goalLimit, goalSections } from './goal-sections.ts';

let n = 0;
const goal = (patch: Partial<Goal>): Goal => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  description: 'Beginner: Learn SQL',
  metadata: '{"level":"Beginner"}',
  level: 'Beginner',
  imageUrl: null,
  isActive: false,
  isCompleted: false,
  completedAt: null,
  progress: 0,
  goalProgress: { completionPercentage: 0, completedLessons: 0, totalLessons: 0 },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

describe('goalSections', () => {
  it('puts the active incomplete goal first, the other incomplete ones next and completed ones last', () => {
    const a = goal({ isActive: true });
    const b = goal({});
    const c = goal({ isCompleted: true, completedAt: '2026-02-01T00:00:00.000Z' });
    expect(goalSections([b, c, a])).toEqual({ active: a, others: [b], completed: [c] });
  });

  it('has no active goal when the active one is completed', () => {
    const done = goal({ isActive: true, isCompleted: true });
    expect(goalSections([done]).active).toBeNull();
  });
});

describe('goalLimit', () => {
  it('blocks a free learner with one goal in progress, not one whose goals are all completed', () => {
    expect(goalLimit([goal({})], false)).toEqual({
      title: 'Goal Limit Reached',
      message: 'You can have 1 goal in progress with your current plan.',
    });
    expect(goalLimit([goal({ isCompleted: true })], false)).toBeNull();
    expect(goalLimit([], false)).toBeNull();
  });

  it('lets Pro have up to 10 goals in progress', () => {
    const nine = Array.from({ length: 9 }, () => goal({}));
    expect(goalLimit(nine, true)).toBeNull();
    expect(goalLimit([...nine, goal({})], true)?.title).toBe('Maximum Goals Reached');
  });
});

describe('formatDate', () => {
  it('formats a date and gives empty text for none or garbage', () => {
    expect(formatDate('2026-03-12T10:00:00.000Z')).toMatch(/2026/);
    expect(formatDate(null)).toBe('');
    expect(formatDate('nope')).toBe('');
  });
});
