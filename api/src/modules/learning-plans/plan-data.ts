// The roadmap screen's data (spec 1 §7 optimized-data), read in two steps: the head (one query: learner,
// goal, subscription, generation, version) and, unless the client already holds this version, the sections
// and lessons (two queries in parallel). Three queries for any roadmap size; a revalidation costs one.
import type { OptimizedPlanData, PlanLesson } from '@mindpath/contracts/roadmaps';
import { isPro } from '@mindpath/contracts/subscriptions';
import type { Db } from '../../db/client.ts';
import { notFound, unauthorized } from '../../lib/app-error.ts';
import type { GoalStats } from '../goals/repository.ts';
import { toGoal } from '../goals/service.ts';
import type { MediaSigner } from '../media/signed-url.ts';
import { type RoadmapRow, sectionsAndLessonsOfGoal } from '../roadmaps/repository.ts';
import { toLesson, toRoadmap } from '../roadmaps/service.ts';
import { toStatus } from '../subscriptions/service.ts';
import { toUser } from '../users/service.ts';
import { planEtag, planGate, planHead } from './plan-head.ts';

/** The goal's progress from the sections and lessons already read (what goalStats counts in SQL). */
function statsOf(sections: readonly RoadmapRow[], lessons: readonly { isCompleted: boolean }[]): GoalStats {
  let lastCompletedSectionAt: Date | null = null;
  for (const s of sections)
    if (s.isCompleted && (!lastCompletedSectionAt || s.updatedAt > lastCompletedSectionAt))
      lastCompletedSectionAt = s.updatedAt;
  return {
    sections: sections.length,
    completedSections: sections.filter((s) => s.isCompleted).length,
    lastCompletedSectionAt,
    lessons: lessons.length,
    completedLessons: lessons.filter((l) => l.isCompleted).length,
  };
}

/**
 * The plan of the learner's goal and its entity tag; `data` is null when the client's `ifNoneMatch` is
 * that tag (answered 304). A learner who no longer exists is 401, another learner's goal 404.
 */
export async function readPlanData(
  db: Db,
  userId: string,
  goalId: string,
  sign: MediaSigner,
  now: Date,
  ifNoneMatch?: string,
): Promise<{ etag: string; data: OptimizedPlanData | null }> {
  const head = await planHead(db, userId, goalId);
  if (!head) throw unauthorized();
  if (!head.goal) throw notFound('Goal not found');
  const pro = isPro(toStatus(head.subscription ?? undefined, now));
  const etag = planEtag(head, pro, now);
  if (ifNoneMatch === etag) return { etag, data: null };

  const [sections, lessons] = await sectionsAndLessonsOfGoal(db, goalId);
  const byRoadmap: Record<string, PlanLesson[]> = {};
  for (const s of sections) byRoadmap[s.id] = [];
  for (const l of lessons) byRoadmap[l.roadmapId]?.push(toLesson(l));
  let first: PlanLesson | null = null;
  for (const s of sections) {
    first = byRoadmap[s.id]?.find((l) => !l.isCompleted) ?? null;
    if (first) break;
  }
  return {
    etag,
    data: {
      user: toUser(head.user),
      goal: toGoal(head.goal, sign, statsOf(sections, lessons)),
      roadmaps: sections.map(toRoadmap),
      lessonsForRoadmaps: byRoadmap,
      firstUncompletedLessonRoadmapId: first?.roadmapId ?? null,
      firstUncompletedLesson: first,
      isGenerating: head.generating,
      lessonGate: first ? planGate(head, pro, now) : null,
    },
  };
}
