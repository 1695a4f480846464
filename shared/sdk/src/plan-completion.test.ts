import type { OptimizedPlanData, PlanLesson, Roadmap } from '@mindpath/contracts/roadmaps';
import { describe, expect, it } from 'vitest';
import { withCompletion } from './plan-completion.ts';

const section = (id: string, isCompleted = false) => ({ id, isCompleted }) as Roadmap;
const lesson = (id: string, roadmapId: string, isCompleted = false) =>
  ({ id, roadmapId, isCompleted }) as PlanLesson;

function plan(): OptimizedPlanData {
  const a = [lesson('a1', 'A', true), lesson('a2', 'A')];
  const b = [lesson('b1', 'B'), lesson('b2', 'B')];
  return {
    roadmaps: [section('A'), section('B'), section('C')],
    lessonsForRoadmaps: { A: a, B: b, C: [] },
    firstUncompletedLesson: a[1]!,
    firstUncompletedLessonRoadmapId: 'A',
  } as unknown as OptimizedPlanData;
}

const done = (p: OptimizedPlanData) =>
  Object.values(p.lessonsForRoadmaps)
    .flat()
    .filter((l) => l.isCompleted)
    .map((l) => l.id);

describe('withCompletion', () => {
  it('completes a section once its last lesson is done, and moves the first open lesson on', () => {
    const p = withCompletion(plan(), { kind: 'lesson', id: 'a2', isCompleted: true });
    expect(done(p)).toEqual(['a1', 'a2']);
    expect(p.roadmaps.map((r) => r.isCompleted)).toEqual([true, false, false]);
    expect(p.firstUncompletedLesson?.id).toBe('b1');
    expect(p.firstUncompletedLessonRoadmapId).toBe('B');
  });

  it('reopens the section of a lesson marked not done', () => {
    const first = withCompletion(plan(), { kind: 'lesson', id: 'a2', isCompleted: true });
    const p = withCompletion(first, { kind: 'lesson', id: 'a1', isCompleted: false });
    expect(done(p)).toEqual(['a2']);
    expect(p.roadmaps[0]?.isCompleted).toBe(false);
    expect(p.firstUncompletedLesson?.id).toBe('a1');
  });

  it('marks a section with all its lessons, and back', () => {
    const p = withCompletion(plan(), { kind: 'section', id: 'B', isCompleted: true });
    expect(done(p)).toEqual(['a1', 'b1', 'b2']);
    expect(p.roadmaps.map((r) => r.isCompleted)).toEqual([false, true, false]);
    const back = withCompletion(p, { kind: 'section', id: 'B', isCompleted: false });
    expect(done(back)).toEqual(['a1']);
  });

  it('flags a section without lessons alone, and has no open lesson when all are done', () => {
    let p = withCompletion(plan(), { kind: 'section', id: 'C', isCompleted: true });
    expect(p.roadmaps[2]?.isCompleted).toBe(true);
    p = withCompletion(p, { kind: 'section', id: 'A', isCompleted: true });
    p = withCompletion(p, { kind: 'section', id: 'B', isCompleted: true });
    expect(p.firstUncompletedLesson).toBeNull();
    expect(p.firstUncompletedLessonRoadmapId).toBeNull();
    // the plan it was made from is unchanged
    expect(done(plan())).toEqual(['a1']);
  });
});
