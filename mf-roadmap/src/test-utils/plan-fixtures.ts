// Contract-shaped answers of the plan API for component tests; every builder validates through the schema.
import type { GenerationJob } from '@mindpath/contracts/jobs';
import {
  type OptimizedPlanData,
  OptimizedPlanDataSchema,
  type PlanLesson,
  type Roadmap,
} from '@mindpath/contracts/roadmaps';

let seq = 0;
export const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

export const USER = {
  id: uuid(),
  username: 'ada',
  email: 'ada@example.com',
  firstName: null,
  goalDescription: null,
};
export const T0 = '2025-03-01T10:00:00.000Z';

export function section(name: string, over: Partial<Roadmap> = {}): Roadmap {
  return {
    id: uuid(),
    goalId: null,
    name,
    content: `${name}: what it covers`,
    position: 0,
    isCompleted: false,
    source: 'offline',
    createdAt: T0,
    updatedAt: T0,
    ...over,
  };
}

export function lesson(title: string, roadmap: Roadmap, over: Partial<PlanLesson> = {}): PlanLesson {
  return {
    id: uuid(),
    title,
    summary: '',
    roadmapId: roadmap.id,
    position: 0,
    isCompleted: false,
    grade: null,
    estimatedTimeInMinutes: 30,
    lessonAssessment: null,
    exercisesTotal: 0,
    exercisesDone: 0,
    updatedAt: T0,
    ...over,
  };
}

/** The optimized plan data of one goal, its progress computed the way the API does. */
export function planData(
  sections: Array<[Roadmap, PlanLesson[]]>,
  over: {
    goalId?: string;
    completedAt?: string | null;
    isGenerating?: boolean;
    lessonGate?: OptimizedPlanData['lessonGate'];
  } = {},
): OptimizedPlanData {
  const goalId = over.goalId ?? uuid();
  const roadmaps = sections.map(([s], i) => ({ ...s, goalId, position: i }));
  const all = sections.flatMap(([, l]) => l);
  const completedLessons = all.filter((l) => l.isCompleted).length;
  const isCompleted = roadmaps.length > 0 && roadmaps.every((r) => r.isCompleted);
  const pct = isCompleted
    ? 100
    : all.length
      ? Math.min(99, Math.round((completedLessons * 100) / all.length))
      : 0;
  const first = all.find((l) => !l.isCompleted) ?? null;
  return OptimizedPlanDataSchema.parse({
    user: USER,
    goal: {
      id: goalId,
      description: 'Beginner: Learn Rust',
      metadata: '{"level":"Beginner"}',
      level: 'Beginner',
      imageUrl: null,
      isActive: true,
      isCompleted,
      completedAt: isCompleted ? (over.completedAt ?? null) : null,
      progress: pct,
      goalProgress: { completionPercentage: pct, completedLessons, totalLessons: all.length },
      createdAt: T0,
      updatedAt: T0,
    },
    roadmaps,
    lessonsForRoadmaps: Object.fromEntries(sections.map(([s, l]) => [s.id, l])),
    firstUncompletedLessonRoadmapId: first?.roadmapId ?? null,
    firstUncompletedLesson: first,
    isGenerating: over.isGenerating ?? false,
    lessonGate: over.lessonGate ?? null,
  });
}

export function job(
  kind: string,
  target: string,
  status: GenerationJob['status'],
  over: Partial<GenerationJob> = {},
) {
  return {
    id: uuid(),
    kind,
    target,
    status,
    attempts: 1,
    error: null,
    result: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
    ...over,
  } satisfies GenerationJob;
}
