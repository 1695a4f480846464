// Roadmaps (sections) and their lessons: views, completion (a section is completed once all its lessons
// are), and generation as jobs (one live job per goal; free plans: 1 topic, 1 generation per 72 h).
import { setImmediate } from 'node:timers/promises';
import { DEFAULT_GOAL_LEVEL, type GoalLevel, GoalLevelSchema } from '@mindpath/contracts/ai';
import type { GenerationJob } from '@mindpath/contracts/jobs';
import type { JobKind } from '@mindpath/contracts/jobs-constants';
import type { PlanLesson, Roadmap } from '@mindpath/contracts/roadmaps';
import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { isPro } from '@mindpath/contracts/subscriptions';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { getOwnGoalRow, goalText } from '../goals/service.ts';
import { enqueueJob } from '../jobs/index.ts';
import { toJob } from '../jobs/service.ts';
import { assertCounted, assertTopics, windowStart } from '../limits/service.ts';
import { hasReadySource } from '../sources/index.ts';
import { toStatus } from '../subscriptions/service.ts';
import {
  deleteRoadmapsOfGoal,
  findOwnLesson,
  findOwnRoadmap,
  findPlanLesson,
  latestJobOfOwnGoal,
  lessonsOfRoadmap,
  lockOwnGoal,
  nextPosition,
  type PlanLessonRow,
  planLessonsOfRoadmap,
  type RoadmapRow,
  roadmapJobGate,
  roadmapsOfGoal,
  setLesson,
  setLessonsOfRoadmap,
  setRoadmap,
  syncRoadmapCompletion,
} from './repository.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'db' | 'jobs' | 'now'>;

export const ROADMAP_JOB = 'roadmap' satisfies JobKind;
export const SECTION_LESSONS_JOB = 'section-lessons' satisfies JobKind;
/** starts this soon after a succeeded generation of the same goal are the same click (double click, two tabs) */
export const JOIN_FINISHED_MS = 10_000;

export const toLevel = (v: string): GoalLevel => GoalLevelSchema.catch(DEFAULT_GOAL_LEVEL).parse(v);

export function toRoadmap(row: RoadmapRow): Roadmap {
  return {
    id: row.id,
    goalId: row.goalId,
    name: row.name,
    content: row.content,
    position: row.position,
    isCompleted: row.isCompleted,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toLesson(row: PlanLessonRow): PlanLesson {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    roadmapId: row.roadmapId,
    position: row.position,
    isCompleted: row.isCompleted,
    grade: row.grade,
    estimatedTimeInMinutes: row.estimatedTimeInMinutes,
    lessonAssessment:
      row.assessmentId !== null && row.assessmentScore !== null
        ? { id: row.assessmentId, score: row.assessmentScore }
        : null,
    exercisesTotal: Number(row.exercisesTotal),
    exercisesDone: Number(row.exercisesDone),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getOwnRoadmapRow(db: Db | Tx, userId: string, id: string): Promise<RoadmapRow> {
  const row = await findOwnRoadmap(db, userId, id);
  if (!row) throw notFound('Roadmap not found');
  return row;
}

export async function listForGoal(db: Db, userId: string, goalId: string): Promise<Roadmap[]> {
  await getOwnGoalRow(db, userId, goalId);
  return (await roadmapsOfGoal(db, goalId)).map(toRoadmap);
}

export async function sectionLessons(db: Db, userId: string, id: string): Promise<PlanLesson[]> {
  await getOwnRoadmapRow(db, userId, id);
  return (await planLessonsOfRoadmap(db, id)).map(toLesson);
}

export async function sectionWithLessons(db: Db, userId: string, id: string) {
  const row = await getOwnRoadmapRow(db, userId, id);
  return { ...toRoadmap(row), lessons: (await planLessonsOfRoadmap(db, id)).map(toLesson) };
}

/** Toggles (or sets) a lesson's completion; its section follows. */
export async function setLessonCompletion(db: Db, userId: string, id: string, isCompleted?: boolean) {
  return db.transaction(async (tx) => {
    const lesson = await findOwnLesson(tx, userId, id);
    if (!lesson) throw notFound('Lesson not found');
    await setLesson(tx, id, isCompleted ?? !lesson.isCompleted);
    await syncRoadmapCompletion(tx, lesson.roadmapId);
    return toLesson((await findPlanLesson(tx, id))!);
  });
}

/**
 * Toggles (or sets) a section's completion with its lessons': a section is completed exactly when all its
 * lessons are, so marking it done marks them done and reopening it reopens them (their grades and
 * assessments stay). A section without lessons yet keeps the flag alone.
 */
export async function setRoadmapCompletion(db: Db, userId: string, id: string, isCompleted?: boolean) {
  return db.transaction(async (tx) => {
    const row = await getOwnRoadmapRow(tx, userId, id);
    const target = isCompleted ?? !row.isCompleted;
    await setLessonsOfRoadmap(tx, id, target);
    return toRoadmap(await setRoadmap(tx, id, { isCompleted: target }));
  });
}

export async function attachToGoal(db: Db, userId: string, id: string, goalId: string) {
  await getOwnRoadmapRow(db, userId, id);
  await getOwnGoalRow(db, userId, goalId);
  return toRoadmap(await setRoadmap(db, id, { goalId, position: await nextPosition(db, goalId) }));
}

export async function detachFromGoal(db: Db, userId: string, id: string) {
  await getOwnRoadmapRow(db, userId, id);
  return toRoadmap(await setRoadmap(db, id, { goalId: null }));
}

export async function deleteAllOfGoal(db: Db, userId: string, goalId: string) {
  await getOwnGoalRow(db, userId, goalId);
  await deleteRoadmapsOfGoal(db, goalId);
}

/**
 * Starts the roadmap generation of a goal, or joins the one under way. A new generation is checked
 * against the plan: free learners pick at most 1 topic and generate 1 roadmap per 72 h, counting the
 * generations still running (a failed one never counts). The user's row is locked so concurrent requests
 * take turns: two tabs get one job. `fromMaterial` builds it from the goal's sources (left out: as the goal's
 * last roadmap was built); that needs a source that is ready.
 */
export async function startRoadmapGeneration(
  deps: Deps,
  userId: string,
  goalId: string,
  topics: string[],
  assessmentResults: string | null = null,
  fromMaterial?: boolean,
): Promise<{ job: GenerationJob; joined: boolean }> {
  const now = deps.now();
  const claim = deps.jobs.claimsHere();
  // on an embedded database each statement costs 1.5-3 ms of CPU, so the reads are few: the goal, the lock
  // and the tier in one; the job to join, the live jobs and the window's usage in another
  const out = await deps.db.transaction(async (tx) => {
    const row = await lockOwnGoal(tx, userId, goalId);
    if (!row) throw notFound('Goal not found');
    const material = fromMaterial ?? row.goal.fromMaterial;
    if (material && !(await hasReadySource(tx, { userId, goalId }))) {
      throw new AppError(400, 'no_ready_sources', SOURCE_MESSAGES.no_ready_sources);
    }
    const gate = await roadmapJobGate(
      tx,
      ROADMAP_JOB,
      userId,
      goalId,
      JOIN_FINISHED_MS,
      windowStart('roadmap_generation', now),
    );
    // a second click that arrives just after a fast generation finished joins it rather than starting over
    if (gate.job) return { job: gate.job, joined: true };
    const sub =
      row.tier === null ? undefined : { tier: row.tier, isActive: !!row.isActive, endDate: row.endDate };
    const pro = isPro(toStatus(sub, now));
    if (!pro) {
      assertTopics(pro, topics.length);
      assertCounted('roadmap_generation', now, gate.used, gate.oldest, gate.pending);
    }
    const payload: RoadmapJobPayload = {
      topics,
      assessmentResults,
      // what the worker asks the provider, so it calls it without reading first
      goal: goalText(row.goal.description),
      level: toLevel(row.goal.level),
      tier: pro ? 'pro' : 'free',
      // said only when true: a payload that carries the goal and says nothing is built from the goal's text
      ...(material ? { fromMaterial: true } : {}),
    };
    const { job, created } = await enqueueJob(tx, {
      kind: ROADMAP_JOB,
      target: goalId,
      userId,
      payload,
      claim,
    });
    return { job, joined: !created };
  });
  if (!out.joined) {
    // the learner waits on the roadmap, not on this answer: the job runs at once (not behind the loops'
    // background work), claimed as it was inserted when this process has a worker, else by the first worker
    // to hear of it; and the provider request goes out before the answer is written
    if (claim) deps.jobs.runClaimed(out.job);
    else deps.jobs.runNow(out.job.id);
    await setImmediate();
  }
  return { job: toJob(out.job), joined: out.joined };
}

/** A roadmap job's payload. Jobs queued by an older API carry only the topics and assessment results. */
export type RoadmapJobPayload = {
  topics?: string[];
  assessmentResults?: string | null;
  goal?: string;
  level?: GoalLevel;
  tier?: 'pro' | 'free';
  /**
   * built from the goal's sources; left out, from the goal's text when the payload carries the goal, and
   * as the goal's `from_material` says in a job queued by an older API
   */
  fromMaterial?: boolean;
};

/** "Is generating / wait for": the newest roadmap job of the goal (waiting up to waitMs for it to end). */
export async function roadmapGenerationStatus(db: Db, userId: string, goalId: string) {
  const row = await latestJobOfOwnGoal(db, ROADMAP_JOB, userId, goalId);
  if (!row) throw notFound('Goal not found');
  const job = row.job ? toJob(row.job) : null;
  return { isGenerating: job?.status === 'queued' || job?.status === 'running', job };
}

/** Generates the lessons of a section that has none (the auto-generation of spec 1 §4), as a job. */
export async function startSectionLessons(deps: Deps, userId: string, roadmapId: string) {
  const row = await getOwnRoadmapRow(deps.db, userId, roadmapId);
  if ((await lessonsOfRoadmap(deps.db, roadmapId)).length > 0) {
    throw new AppError(409, 'LESSONS_EXIST', 'This section already has lessons');
  }
  if (!row.goalId) throw new AppError(409, 'NO_GOAL', 'This section belongs to no goal');
  const { job, created } = await enqueueJob(deps.db, {
    kind: SECTION_LESSONS_JOB,
    target: roadmapId,
    userId,
  });
  deps.jobs.wake();
  return { job: toJob(job), joined: !created };
}
