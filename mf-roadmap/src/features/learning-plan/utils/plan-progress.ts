// The learning-plan rules of spec 1 §2 and §4, computed from the optimized plan data.
import type { Goal } from '@mindpath/contracts/goals';
import type { PlanLesson, Roadmap } from '@mindpath/contracts/roadmaps';
import { countOf } from '@mindpath/ui/plural';

export type LessonsByRoadmap = Record<string, PlanLesson[] | undefined>;

/** A lesson's score in percent: its grade, else its assessment's score; null when it has none. */
export function lessonScore(lesson: PlanLesson): number | null {
  return lesson.grade ?? lesson.lessonAssessment?.score ?? null;
}

/** The rounded average of the scores above 0 (a score of 0 is not shown, spec 1 §2); null when none. */
export function averageScore(lessons: PlanLesson[]): number | null {
  const scores = lessons.map(lessonScore).filter((s): s is number => s !== null && s > 0);
  if (scores.length === 0) return null;
  return Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
}

export type MilestoneBadge =
  | { kind: 'completed'; averageScore: number | null }
  | { kind: 'progress'; completed: number; total: number; percent: number }
  | { kind: 'locked' };

/** Completed (with an average score); else 'n of m lessons (p%)' if it has lessons; else Locked. */
export function milestoneBadge(section: Roadmap, lessons: PlanLesson[]): MilestoneBadge {
  if (section.isCompleted) return { kind: 'completed', averageScore: averageScore(lessons) };
  if (lessons.length === 0) return { kind: 'locked' };
  const completed = lessons.filter((l) => l.isCompleted).length;
  return {
    kind: 'progress',
    completed,
    total: lessons.length,
    percent: Math.round((completed * 100) / lessons.length),
  };
}

export function milestoneBadgeText(badge: MilestoneBadge): string {
  switch (badge.kind) {
    case 'completed':
      return badge.averageScore === null ? 'Completed' : `Completed · ${badge.averageScore}% average`;
    case 'progress':
      return `${badge.completed} of ${countOf(badge.total, 'lesson', 'lessons')} (${badge.percent}%)`;
    case 'locked':
      return 'Locked';
  }
}

/** The first lesson not completed, sections in order then lessons in order: the only one to 'Start'. */
export function firstUncompletedLesson(roadmaps: Roadmap[], lessonsFor: LessonsByRoadmap): PlanLesson | null {
  for (const section of roadmaps) {
    const lesson = lessonsFor[section.id]?.find((l) => !l.isCompleted);
    if (lesson) return lesson;
  }
  return null;
}

/**
 * The section whose lessons the auto-generation makes (spec 1 §4): once no uncompleted lesson remains,
 * the first section that has none. Null while there is something left to learn or nothing to generate.
 */
export function sectionToGenerate(roadmaps: Roadmap[], lessonsFor: LessonsByRoadmap): Roadmap | null {
  if (firstUncompletedLesson(roadmaps, lessonsFor)) return null;
  return roadmaps.find((s) => (lessonsFor[s.id]?.length ?? 0) === 0) ?? null;
}

/** The goal's own completion date, else the latest update among its completed sections (spec 1 §4). */
export function completionDate(goal: Pick<Goal, 'completedAt'>, roadmaps: Roadmap[]): Date | null {
  if (goal.completedAt) return new Date(goal.completedAt);
  const times = roadmaps.filter((s) => s.isCompleted).map((s) => Date.parse(s.updatedAt));
  return times.length > 0 ? new Date(Math.max(...times)) : null;
}

export const formatDate = (date: Date, locale?: string) =>
  date.toLocaleDateString(locale, { year: 'numeric', month: 'long', day: 'numeric' });

/** The goal's text without the 'Level: ' prefix it is stored with (the level has its own badge). */
export const goalTitle = (description: string) =>
  description.replace(/^(Beginner|Practitioner|Advanced)\s*:\s*/, '').trim() || description;
