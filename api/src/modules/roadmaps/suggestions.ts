// "Suggest one": a lesson the AI proposes for a milestone, asked for as the milestone's lessons are written
// (the section-lessons prompt, offline or a model) with every title of the plan, and those already passed
// over, to avoid; the first new one, placed after the milestone's last lesson. It counts as a lesson
// generation: free learners get 1 per 24 hours, as lessons.
import type { LessonSuggestion } from '@mindpath/contracts/roadmaps';
import { PLAN_EDIT_MESSAGES } from '@mindpath/contracts/roadmaps-constants';
import { isAiError } from '../../ai/errors.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { findOwnGoal } from '../goals/index.ts';
import { goalText } from '../goals/service.ts';
import { assertWindow, lockUser, recordUsage, userIsPro } from '../limits/service.ts';
import { findOwnRoadmap, lessonsOfRoadmap, planLessonsOfGoal, roadmapsOfGoal } from './repository.ts';
import { toLevel } from './service.ts';

const norm = (s: string) => s.trim().toLowerCase();
const noSuggestion = () => new AppError(404, 'NO_SUGGESTION', PLAN_EDIT_MESSAGES.noSuggestion);

export async function suggestLesson(
  deps: AppParts<'db' | 'ai' | 'now'>,
  userId: string,
  roadmapId: string,
  exclude: string[],
): Promise<LessonSuggestion> {
  const section = await findOwnRoadmap(deps.db, userId, roadmapId);
  const goal = section?.goalId ? await findOwnGoal(deps.db, userId, section.goalId) : undefined;
  if (!section || !goal) throw notFound('Roadmap not found');
  const pro = await userIsPro(deps.db, userId, deps.now());
  // refused before the model is asked: a free learner at the limit waits for nothing
  if (!pro) await assertWindow(deps.db, userId, 'lesson_generation', deps.now());
  const [sections, existing, own] = await Promise.all([
    roadmapsOfGoal(deps.db, goal.id),
    planLessonsOfGoal(deps.db, goal.id),
    lessonsOfRoadmap(deps.db, roadmapId),
  ]);
  const taken = [...existing.map((l) => l.title), ...exclude];
  const { data } = await deps.ai
    .generateSectionLessons(
      {
        goal: goalText(goal.description),
        level: toLevel(goal.level),
        sectionName: section.name,
        roadmapSections: sections.map((s) => s.name),
        existingLessonTitles: taken,
      },
      { tier: pro ? 'pro' : 'free' },
    )
    .catch((err: unknown) => {
      // no full set of new lessons left to write (the offline generator's run out): nothing to suggest
      if (isAiError(err) && err.reason === 'invalid_output') throw noSuggestion();
      throw err;
    });
  const avoid = new Set(taken.map(norm));
  const lesson = data.lessons.find((l) => !avoid.has(norm(l.title)));
  if (!lesson) throw noSuggestion();
  await countSuggestion(deps, userId, pro);
  return {
    roadmapId,
    title: lesson.title,
    summary: lesson.summary,
    estimatedTimeInMinutes: lesson.estimatedTimeInMinutes,
    index: own.length,
    source: data.source,
  };
}

/** Counted once the suggestion is made; two at once for a free learner: the second is refused. */
async function countSuggestion(deps: { db: Db; now: () => Date }, userId: string, pro: boolean) {
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (!pro) await assertWindow(tx, userId, 'lesson_generation', deps.now());
    await recordUsage(tx, userId, 'lesson_generation', deps.now());
  });
}
