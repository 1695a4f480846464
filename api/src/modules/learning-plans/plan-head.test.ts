// A plan body keeps the goal's progress as named fields; statsOf reads them back as the goal's stats.
import { describe, expect, it } from 'vitest';
import type { PlanBodyStats } from './plan-body.ts';
import { statsOf } from './plan-head.ts';

describe('statsOf', () => {
  it('reads the named counts and dates of a plan body', () => {
    const kept: PlanBodyStats = {
      sections: 3,
      completedSections: 1,
      lastSectionCompletedAt: '2026-03-10T21:30:00.000Z',
      lessons: 12,
      completedLessons: 5,
      lastLessonCompletedAt: '2026-03-11T08:00:00.000Z',
    };
    expect(statsOf({ stats: JSON.stringify(kept) })).toEqual({
      stats: {
        sections: 3,
        completedSections: 1,
        lastCompletedSectionAt: new Date('2026-03-10T21:30:00.000Z'),
        lessons: 12,
        completedLessons: 5,
      },
      lastLessonCompletedAt: new Date('2026-03-11T08:00:00.000Z'),
    });
  });

  it('reads nothing completed yet as no dates', () => {
    const kept: PlanBodyStats = {
      sections: 2,
      completedSections: 0,
      lastSectionCompletedAt: null,
      lessons: 4,
      completedLessons: 0,
      lastLessonCompletedAt: null,
    };
    const { stats, lastLessonCompletedAt } = statsOf({ stats: JSON.stringify(kept) });
    expect(stats.lastCompletedSectionAt).toBeNull();
    expect(lastLessonCompletedAt).toBeNull();
  });
});
