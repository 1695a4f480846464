import { describe, expect, it } from 'vitest';
import { activityCount, activityDetail } from './activity.ts';

const day = (patch = {}) => ({
  date: '2026-05-13',
  lessonsCompleted: 0,
  assessmentsPassed: 0,
  focusMinutes: 0,
  reviewsDone: 0,
  exerciseAttempts: 0,
  ...patch,
});

describe('activity of a day', () => {
  it('counts lessons, assessments, reviews and started focus sessions', () => {
    expect(activityCount(day())).toBe(0);
    expect(activityCount(day({ lessonsCompleted: 2, assessmentsPassed: 1, reviewsDone: 3 }))).toBe(6);
    expect(activityCount(day({ focusMinutes: 1 }))).toBe(1);
    expect(activityCount(day({ focusMinutes: 50 }))).toBe(2);
    expect(activityCount(day({ focusMinutes: 51 }))).toBe(3);
    expect(activityCount(day({ exerciseAttempts: 4 }))).toBe(4);
  });
  it('says what the day was made of', () => {
    expect(activityDetail(day())).toBe('No activity');
    expect(activityDetail(day({ lessonsCompleted: 1, assessmentsPassed: 2, focusMinutes: 25 }))).toBe(
      '1 lesson, 2 assessments passed, 25 focus minutes',
    );
    expect(activityDetail(day({ reviewsDone: 1 }))).toBe('1 review');
    expect(activityDetail(day({ exerciseAttempts: 1, reviewsDone: 2 }))).toBe('2 reviews, 1 exercise tried');
    expect(activityDetail(day({ exerciseAttempts: 3 }))).toBe('3 exercises tried');
  });
});
