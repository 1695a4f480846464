import type { PlanLesson, Roadmap } from '@mindpath/contracts/roadmaps';
import { describe, expect, it } from 'vitest';
import {
  averageScore,
  completionDate,
  firstUncompletedLesson,
  formatDate,
  goalTitle,
  lessonScore,
  milestoneBadge,
  milestoneBadgeText,
  sectionToGenerate,
} from './plan-progress.ts';

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

const section = (over: Partial<Roadmap> = {}): Roadmap => ({
  id: uuid(),
  goalId: null,
  name: 'Basics',
  content: '',
  position: 0,
  isCompleted: false,
  source: 'offline',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

const lesson = (over: Partial<PlanLesson> = {}): PlanLesson => ({
  id: uuid(),
  title: 'A lesson',
  summary: '',
  roadmapId: uuid(),
  position: 0,
  isCompleted: false,
  grade: null,
  estimatedTimeInMinutes: 30,
  lessonAssessment: null,
  exercisesTotal: 0,
  exercisesDone: 0,
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

describe('scores', () => {
  it('takes the grade, else the assessment score, else none', () => {
    expect(lessonScore(lesson({ grade: 80, lessonAssessment: { id: uuid(), score: 40 } }))).toBe(80);
    expect(lessonScore(lesson({ lessonAssessment: { id: uuid(), score: 40 } }))).toBe(40);
    expect(lessonScore(lesson())).toBeNull();
  });

  it('averages the scores above 0 only, rounded', () => {
    expect(averageScore([lesson({ grade: 90 }), lesson({ grade: 75 }), lesson({ grade: 0 }), lesson()])).toBe(
      83,
    );
    expect(averageScore([lesson({ grade: 0 }), lesson()])).toBeNull();
    expect(averageScore([])).toBeNull();
  });
});

describe('milestone badge', () => {
  it('is Completed with the average score when the section is completed', () => {
    const badge = milestoneBadge(section({ isCompleted: true }), [
      lesson({ isCompleted: true, grade: 100 }),
      lesson({ isCompleted: true, grade: 70 }),
    ]);
    expect(badge).toEqual({ kind: 'completed', averageScore: 85 });
    expect(milestoneBadgeText(badge)).toBe('Completed · 85% average');
  });

  it('is plain Completed when no lesson has a score', () => {
    const badge = milestoneBadge(section({ isCompleted: true }), [lesson({ isCompleted: true })]);
    expect(milestoneBadgeText(badge)).toBe('Completed');
  });

  it("is 'n of m lessons (p%)' when the section has lessons", () => {
    const badge = milestoneBadge(section(), [lesson({ isCompleted: true }), lesson(), lesson()]);
    expect(badge).toEqual({ kind: 'progress', completed: 1, total: 3, percent: 33 });
    expect(milestoneBadgeText(badge)).toBe('1 of 3 lessons (33%)');
    expect(milestoneBadgeText(milestoneBadge(section(), [lesson(), lesson()]))).toBe('0 of 2 lessons (0%)');
    expect(milestoneBadgeText(milestoneBadge(section(), [lesson()]))).toBe('0 of 1 lesson (0%)');
  });

  it('is Locked when the section has no lessons', () => {
    expect(milestoneBadgeText(milestoneBadge(section(), []))).toBe('Locked');
  });
});

describe('first uncompleted lesson', () => {
  const s1 = section({ position: 0 });
  const s2 = section({ position: 1 });
  const s3 = section({ position: 2 });

  it('is the first lesson not completed, sections in order then lessons in order', () => {
    const target = lesson({ title: 'next' });
    const lessonsFor = {
      [s1.id]: [lesson({ isCompleted: true }), lesson({ isCompleted: true })],
      [s2.id]: [lesson({ isCompleted: true }), target, lesson()],
      [s3.id]: [lesson()],
    };
    expect(firstUncompletedLesson([s1, s2, s3], lessonsFor)).toBe(target);
  });

  it('skips sections without lessons and is null when all are done', () => {
    const later = lesson();
    expect(firstUncompletedLesson([s1, s2], { [s1.id]: [], [s2.id]: [later] })).toBe(later);
    expect(firstUncompletedLesson([s1], { [s1.id]: [lesson({ isCompleted: true })] })).toBeNull();
    expect(firstUncompletedLesson([], {})).toBeNull();
  });
});

describe('section to generate', () => {
  const s1 = section();
  const s2 = section();
  const s3 = section();

  it('is the first section without lessons once every lesson is completed', () => {
    expect(sectionToGenerate([s1, s2, s3], { [s1.id]: [lesson({ isCompleted: true })], [s2.id]: [] })).toBe(
      s2,
    );
  });

  it('is none while a lesson is left to learn', () => {
    expect(sectionToGenerate([s1, s2], { [s1.id]: [lesson()], [s2.id]: [] })).toBeNull();
  });

  it('is none when every section has lessons', () => {
    expect(sectionToGenerate([s1], { [s1.id]: [lesson({ isCompleted: true })] })).toBeNull();
  });
});

describe('completion date', () => {
  it("is the goal's own completion date when it has one", () => {
    const done = section({ isCompleted: true, updatedAt: '2025-03-09T10:00:00.000Z' });
    expect(completionDate({ completedAt: '2025-02-01T08:00:00.000Z' }, [done])?.toISOString()).toBe(
      '2025-02-01T08:00:00.000Z',
    );
  });

  it('else the latest update among the completed sections', () => {
    const roadmaps = [
      section({ isCompleted: true, updatedAt: '2025-03-01T10:00:00.000Z' }),
      section({ isCompleted: true, updatedAt: '2025-03-09T10:00:00.000Z' }),
      section({ isCompleted: false, updatedAt: '2025-04-01T10:00:00.000Z' }),
    ];
    expect(completionDate({ completedAt: null }, roadmaps)?.toISOString()).toBe('2025-03-09T10:00:00.000Z');
    expect(completionDate({ completedAt: null }, [section()])).toBeNull();
  });

  it('is shown as a long date', () => {
    expect(formatDate(new Date(2025, 2, 9), 'en-US')).toBe('March 9, 2025');
  });
});

describe('goal title', () => {
  it("drops the 'Level: ' prefix goals are stored with", () => {
    expect(goalTitle('Beginner: Learn Rust')).toBe('Learn Rust');
    expect(goalTitle('Advanced:Distributed systems')).toBe('Distributed systems');
    expect(goalTitle('Learn: the guitar')).toBe('Learn: the guitar');
  });
});
