import { describe, expect, it } from 'vitest';
import { EMPTY_STATS } from '../goals/repository.ts';
import { dashboardStats } from './service.ts';

const goal = (sections: number, completedSections: number, lessons: number, completedLessons: number) => ({
  ...EMPTY_STATS,
  sections,
  completedSections,
  lessons,
  completedLessons,
});

describe('dashboardStats', () => {
  it('is all zeros with no goals, never a division by zero', () => {
    expect(dashboardStats([])).toEqual({
      completedLessons: 0,
      totalLessons: 0,
      completedRoadmaps: 0,
      totalRoadmaps: 0,
      completionPercentage: 0,
    });
  });
  it('adds every goal up and rounds the lessons percentage', () => {
    expect(dashboardStats([goal(3, 1, 9, 4), goal(2, 2, 6, 6), goal(1, 0, 0, 0)])).toEqual({
      completedLessons: 10,
      totalLessons: 15,
      completedRoadmaps: 3,
      totalRoadmaps: 6,
      completionPercentage: 67,
    });
    expect(dashboardStats([goal(1, 0, 3, 1)]).completionPercentage).toBe(33);
  });
});
