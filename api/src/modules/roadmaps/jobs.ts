// The roadmap jobs: a goal's whole roadmap, and the lessons of one section. The AI call runs outside any
// transaction; its product is written in the transaction that marks the job succeeded, together with the
// usage it counts, so a failed generation leaves nothing behind and costs no quota.

import { findOwnGoal } from '../goals/repository.ts';
import { goalText } from '../goals/service.ts';
import type { JobDeps } from '../jobs/handlers.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { JobFailure } from '../jobs/worker.ts';
import { recordUsage, userIsPro } from '../limits/service.ts';
import {
  findOwnRoadmap,
  insertLessons,
  lessonsOfRoadmap,
  planLessonsOfGoal,
  replaceRoadmap,
  roadmapsOfGoal,
  upsertPlanForGoal,
} from './repository.ts';
import { toLevel } from './service.ts';

const GOAL_GONE = new JobFailure('goal_deleted', 'The goal was deleted before its roadmap was ready.');

export function roadmapHandler({ db, ai, now }: JobDeps): JobHandler {
  return async (job, { signal }) => {
    const goal = await findOwnGoal(db, job.userId, job.target);
    if (!goal) throw GOAL_GONE;
    const payload = job.payload as { topics?: string[]; assessmentResults?: string | null };
    const topics = payload.topics ?? [];
    const { data, meta } = await ai.generateRoadmap(
      { goal: goalText(goal.description), level: toLevel(goal.level), topics },
      { signal, tier: (await userIsPro(db, job.userId)) ? 'pro' : 'free' },
    );
    const lessons = data.sections.reduce((n, s) => n + s.lessons.length, 0);
    return {
      result: {
        title: data.title,
        sections: data.sections.length,
        lessons,
        source: data.source,
        model: meta?.model ?? null,
      },
      apply: async (tx) => {
        if (!(await findOwnGoal(tx, job.userId, job.target))) throw GOAL_GONE;
        const sectionIds = await replaceRoadmap(tx, job.userId, goal.id, data.sections, data.source);
        await upsertPlanForGoal(
          tx,
          job.userId,
          goal.id,
          sectionIds[0] ?? null,
          payload.assessmentResults ?? null,
        );
        await recordUsage(tx, job.userId, 'roadmap_generation', now());
      },
    };
  };
}

export function sectionLessonsHandler({ db, ai }: JobDeps): JobHandler {
  return async (job, { signal }) => {
    const section = await findOwnRoadmap(db, job.userId, job.target);
    if (!section?.goalId) throw new JobFailure('section_deleted', 'The section was deleted.');
    const goal = await findOwnGoal(db, job.userId, section.goalId);
    if (!goal) throw GOAL_GONE;
    const [sections, existing] = await Promise.all([
      roadmapsOfGoal(db, goal.id),
      planLessonsOfGoal(db, goal.id),
    ]);
    const { data } = await ai.generateSectionLessons(
      {
        goal: goalText(goal.description),
        level: toLevel(goal.level),
        sectionName: section.name,
        roadmapSections: sections.map((s) => s.name),
        existingLessonTitles: existing.map((l) => l.title),
      },
      { signal, tier: (await userIsPro(db, job.userId)) ? 'pro' : 'free' },
    );
    return {
      result: { lessons: data.lessons.length, source: data.source },
      apply: async (tx) => {
        if ((await lessonsOfRoadmap(tx, section.id)).length > 0) return;
        await insertLessons(tx, job.userId, section.id, data.lessons);
      },
    };
  };
}
