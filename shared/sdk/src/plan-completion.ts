import type { OptimizedPlanData } from '@mindpath/contracts/roadmaps';

/** A learner marking one lesson, or one section with all its lessons, done or not done. */
export interface CompletionChange {
  kind: 'lesson' | 'section';
  id: string;
  isCompleted: boolean;
}

/**
 * The plan as the server will answer once the change is stored (shown before the answer comes): the
 * lessons changed, each section done exactly when all its lessons are (a section without lessons keeps its
 * own flag, or takes the change when it is the one changed), and the first open lesson in plan order.
 */
export function withCompletion(plan: OptimizedPlanData, change: CompletionChange): OptimizedPlanData {
  const lessonsForRoadmaps = Object.fromEntries(
    Object.entries(plan.lessonsForRoadmaps).map(([roadmapId, lessons]) => [
      roadmapId,
      lessons.map((l) =>
        (change.kind === 'lesson' ? l.id === change.id : roadmapId === change.id)
          ? { ...l, isCompleted: change.isCompleted }
          : l,
      ),
    ]),
  );
  const roadmaps = plan.roadmaps.map((r) => {
    const lessons = lessonsForRoadmaps[r.id] ?? [];
    if (lessons.length > 0) return { ...r, isCompleted: lessons.every((l) => l.isCompleted) };
    return change.kind === 'section' && r.id === change.id ? { ...r, isCompleted: change.isCompleted } : r;
  });
  let firstUncompletedLesson: OptimizedPlanData['firstUncompletedLesson'] = null;
  let firstUncompletedLessonRoadmapId: string | null = null;
  for (const r of roadmaps) {
    const open = (lessonsForRoadmaps[r.id] ?? []).find((l) => !l.isCompleted);
    if (open) {
      firstUncompletedLesson = open;
      firstUncompletedLessonRoadmapId = r.id;
      break;
    }
  }
  return { ...plan, roadmaps, lessonsForRoadmaps, firstUncompletedLesson, firstUncompletedLessonRoadmapId };
}
