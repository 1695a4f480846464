// The roadmap jobs: a goal's whole roadmap, and the lessons of one section. The AI call runs outside any
// transaction; its product is written in the transaction that marks the job succeeded, together with the
// usage it counts, so a failed generation leaves nothing behind and costs no quota.

import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { findOwnGoal } from '../goals/index.ts';
import { goalText } from '../goals/service.ts';
import type { JobDeps, JobHandler } from '../jobs/worker.ts';
import { JobFailure } from '../jobs/worker.ts';
import { userIsPro } from '../limits/service.ts';
import { outlinePassages } from '../sources/index.ts';
import { materialOutline } from './material-outline.ts';
import {
  findOwnRoadmap,
  insertLessons,
  lessonsOfRoadmap,
  type NewSection,
  planLessonsOfGoal,
  roadmapsOfGoal,
  storeGeneratedRoadmap,
} from './repository.ts';
import { type RoadmapJobPayload, toLevel } from './service.ts';

const GOAL_GONE = new JobFailure('goal_deleted', 'The goal was deleted before its roadmap was ready.');
const SECTION_GONE = new JobFailure('section_deleted', 'The section was deleted.');
const NO_MATERIAL = new JobFailure('no_ready_sources', SOURCE_MESSAGES.no_ready_sources);
/**
 * a roadmap built from the material's own structure, with no model (material-outline.ts says why): neither
 * 'offline' nor 'model', so the plan does not call the learner's own chapters the offline generator's
 */
export const MATERIAL_SOURCE = 'material';

/** The roadmap a job writes: generated from the goal's text, or built from its material. */
interface Built {
  title: string;
  sections: NewSection[];
  source: string;
  model: string | null;
}

async function readAsked(db: JobDeps['db'], userId: string, goalId: string) {
  const goal = await findOwnGoal(db, userId, goalId);
  if (!goal) throw GOAL_GONE;
  const tier: 'pro' | 'free' = (await userIsPro(db, userId)) ? 'pro' : 'free';
  return { goal: goalText(goal.description), level: toLevel(goal.level), tier };
}

/** A job queued without saying: as the goal's last roadmap was built. */
async function goalFromMaterial(db: JobDeps['db'], userId: string, goalId: string): Promise<boolean> {
  const goal = await findOwnGoal(db, userId, goalId);
  if (!goal) throw GOAL_GONE;
  return goal.fromMaterial;
}

export function roadmapHandler({ db, ai, now }: JobDeps): JobHandler {
  return async (job, { signal }) => {
    const payload = job.payload as RoadmapJobPayload;
    const fromMaterial =
      payload.fromMaterial ??
      (payload.goal !== undefined ? false : await goalFromMaterial(db, job.userId, job.target));
    let data: Built;
    if (fromMaterial) {
      const outline = materialOutline(await outlinePassages(db, { userId: job.userId, goalId: job.target }));
      // its sources were all removed (or are being read again) since the request was accepted
      if (outline.sections.length === 0) throw NO_MATERIAL;
      data = { ...outline, source: MATERIAL_SOURCE, model: null };
    } else {
      const topics = payload.topics ?? [];
      // the POST puts what the provider is asked into the payload (a deleted goal is then found at apply);
      // a job queued without it reads the goal and the tier here
      const asked =
        payload.goal !== undefined && payload.level !== undefined && payload.tier !== undefined
          ? { goal: payload.goal, level: toLevel(payload.level), tier: payload.tier }
          : await readAsked(db, job.userId, job.target);
      const generated = await ai.generateRoadmap(
        { goal: asked.goal, level: asked.level, topics },
        { signal, tier: asked.tier },
      );
      data = { ...generated.data, model: generated.meta?.model ?? null };
    }
    const lessons = data.sections.reduce((n, s) => n + s.lessons.length, 0);
    return {
      result: {
        title: data.title,
        sections: data.sections.length,
        lessons,
        source: data.source,
        model: data.model,
        fromMaterial,
      },
      apply: async (tx) => {
        const stored = await storeGeneratedRoadmap(tx, {
          userId: job.userId,
          goalId: job.target,
          sections: data.sections,
          source: data.source,
          fromMaterial,
          assessmentResults: payload.assessmentResults ?? null,
          usedAt: now(),
        });
        if (!stored) throw GOAL_GONE;
      },
    };
  };
}

export function sectionLessonsHandler({ db, ai }: JobDeps): JobHandler {
  return async (job, { signal }) => {
    const section = await findOwnRoadmap(db, job.userId, job.target);
    if (!section?.goalId) throw SECTION_GONE;
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
        // removed from its plan (or the roadmap generated again) while its lessons were written
        if (!(await findOwnRoadmap(tx, job.userId, section.id))) throw SECTION_GONE;
        if ((await lessonsOfRoadmap(tx, section.id)).length > 0) return;
        await insertLessons(tx, job.userId, section.id, data.lessons);
      },
    };
  };
}
