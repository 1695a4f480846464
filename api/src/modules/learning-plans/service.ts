// Learning plans (spec 1 §3, §7) and the optimized plan data: a goal's user, sections and lessons in a
// fixed number of queries, whatever the size of the roadmap.
import type { LearningPlan, OptimizedPlanData, PlanLesson } from '@mindpath/contracts/roadmaps';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { learningPlans } from '../../db/schema.ts';
import { AppError, notFound, unauthorized } from '../../lib/app-error.ts';
import { findActiveGoal } from '../goals/repository.ts';
import { getGoal, getOwnGoalRow, NO_ACTIVE_GOAL } from '../goals/service.ts';
import { findLiveJob } from '../jobs/repository.ts';
import { gateAfterCompletion } from '../lessons/gate.ts';
import { userIsPro } from '../limits/service.ts';
import type { MediaSigner } from '../media/signed-url.ts';
import { type PlanRow, planLessonsOfGoal, roadmapsOfGoal } from '../roadmaps/repository.ts';
import {
  getOwnRoadmapRow,
  ROADMAP_JOB,
  startRoadmapGeneration,
  toLesson,
  toRoadmap,
} from '../roadmaps/service.ts';
import { findUserById } from '../users/repository.ts';
import { toUser } from '../users/service.ts';

export const DEFAULT_DURATION = '3 months';

export function toPlan(row: PlanRow): LearningPlan {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    goalId: row.goalId,
    roadmapId: row.roadmapId,
    assessmentResults: row.assessmentResults,
    duration: row.duration,
    completionStatus: row.completionStatus,
  };
}

export async function listPlans(db: Db, userId: string): Promise<LearningPlan[]> {
  const rows = await db
    .select()
    .from(learningPlans)
    .where(eq(learningPlans.userId, userId))
    .orderBy(desc(learningPlans.createdAt));
  return rows.map(toPlan);
}

async function ownPlanRow(db: Db, userId: string, id: string): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(learningPlans)
    .where(and(eq(learningPlans.id, id), eq(learningPlans.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Learning plan not found');
  return row;
}

export async function getPlan(db: Db, userId: string, id: string) {
  return toPlan(await ownPlanRow(db, userId, id));
}

/** The goal's newest plan. */
export async function getPlanOfGoal(db: Db, userId: string, goalId: string) {
  await getOwnGoalRow(db, userId, goalId);
  const [row] = await db
    .select()
    .from(learningPlans)
    .where(eq(learningPlans.goalId, goalId))
    .orderBy(desc(learningPlans.createdAt))
    .limit(1);
  if (!row) throw notFound('Learning plan not found');
  return toPlan(row);
}

export async function createPlan(
  db: Db,
  userId: string,
  body: {
    goalId: string;
    roadmapId?: string | null | undefined;
    assessmentResults?: unknown;
    duration?: string | undefined;
  },
) {
  await getOwnGoalRow(db, userId, body.goalId);
  if (body.roadmapId) await getOwnRoadmapRow(db, userId, body.roadmapId);
  const results =
    body.assessmentResults === undefined || body.assessmentResults === null
      ? null
      : typeof body.assessmentResults === 'string'
        ? body.assessmentResults
        : JSON.stringify(body.assessmentResults);
  const [row] = await db
    .insert(learningPlans)
    .values({
      userId,
      goalId: body.goalId,
      roadmapId: body.roadmapId ?? null,
      assessmentResults: results,
      duration: body.duration ?? DEFAULT_DURATION,
    })
    .returning();
  return toPlan(row!);
}

export async function setCompletionStatus(db: Db, userId: string, id: string, completionStatus: string) {
  await ownPlanRow(db, userId, id);
  const [row] = await db
    .update(learningPlans)
    .set({ completionStatus })
    .where(eq(learningPlans.id, id))
    .returning();
  return toPlan(row!);
}

/** Regenerates the roadmap of a plan's goal (progress starts over when it is ready). */
export async function regeneratePlanRoadmap(app: FastifyInstance, userId: string, planId: string) {
  const plan = await ownPlanRow(app.db, userId, planId);
  return startRoadmapGeneration(app, userId, plan.goalId, [], plan.assessmentResults);
}

/** POST /learningplans with no body: regenerate the active goal's roadmap. */
export async function regenerateActive(app: FastifyInstance, userId: string) {
  const goal = await findActiveGoal(app.db, userId);
  if (!goal) throw new AppError(404, 'NO_ACTIVE_GOAL', NO_ACTIVE_GOAL);
  return startRoadmapGeneration(app, userId, goal.id, []);
}

/**
 * The roadmap screen's data in one round trip: user, goal with progress, sections, lessons by section, the
 * first uncompleted lesson, and whether a roadmap is being generated. Six queries for any roadmap size.
 */
export async function optimizedData(
  db: Db,
  userId: string,
  goalId: string,
  sign: MediaSigner,
  now: Date,
): Promise<OptimizedPlanData> {
  const [user, goal, sections, lessons, live, pro] = await Promise.all([
    findUserById(db, userId),
    getGoal(db, userId, goalId, sign),
    roadmapsOfGoal(db, goalId),
    planLessonsOfGoal(db, goalId),
    findLiveJob(db, ROADMAP_JOB, goalId),
    userIsPro(db, userId, now),
  ]);
  if (!user) throw unauthorized();
  const byRoadmap: Record<string, PlanLesson[]> = {};
  for (const s of sections) byRoadmap[s.id] = [];
  for (const l of lessons) byRoadmap[l.roadmapId]?.push(toLesson(l));
  let first: PlanLesson | null = null;
  for (const s of sections) {
    first = byRoadmap[s.id]?.find((l) => !l.isCompleted) ?? null;
    if (first) break;
  }
  return {
    user: toUser(user),
    goal,
    roadmaps: sections.map(toRoadmap),
    lessonsForRoadmaps: byRoadmap,
    firstUncompletedLessonRoadmapId: first?.roadmapId ?? null,
    firstUncompletedLesson: first,
    isGenerating: live !== undefined,
    lessonGate: first && !pro ? gateAfterCompletion(lastCompletion(lessons), now) : null,
  };
}

/** When the goal's most recently completed lesson was completed, if one is completed. */
function lastCompletion(lessons: { isCompleted: boolean; completedAt: Date | null }[]): Date | null {
  let last: Date | null = null;
  for (const { isCompleted, completedAt } of lessons) {
    if (isCompleted && completedAt && (!last || completedAt > last)) last = completedAt;
  }
  return last;
}

export async function optimizedDataOfActive(db: Db, userId: string, sign: MediaSigner, now: Date) {
  const goal = await findActiveGoal(db, userId);
  if (!goal) throw new AppError(404, 'NO_ACTIVE_GOAL', NO_ACTIVE_GOAL);
  return optimizedData(db, userId, goal.id, sign, now);
}
