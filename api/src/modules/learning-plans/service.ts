// Learning plans (spec 1 §3, §7); the optimized plan data is in plan-data.ts.
import type { LearningPlan } from '@mindpath/contracts/roadmaps';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { learningPlans } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { findActiveGoal } from '../goals/index.ts';
import { getOwnGoalRow, NO_ACTIVE_GOAL } from '../goals/service.ts';
import type { PlanRow } from '../roadmaps/index.ts';
import { getOwnRoadmapRow, startRoadmapGeneration } from '../roadmaps/service.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'db' | 'jobs' | 'now'>;

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
export async function regeneratePlanRoadmap(deps: Deps, userId: string, planId: string) {
  const plan = await ownPlanRow(deps.db, userId, planId);
  return startRoadmapGeneration(deps, userId, plan.goalId, [], plan.assessmentResults);
}

/** POST /learningplans with no body: regenerate the active goal's roadmap. */
export async function regenerateActive(deps: Deps, userId: string) {
  return startRoadmapGeneration(deps, userId, await activeGoalId(deps.db, userId), []);
}

/** The active goal's id, for the routes that read its plan. */
export async function activeGoalId(db: Db, userId: string): Promise<string> {
  const goal = await findActiveGoal(db, userId);
  if (!goal) throw new AppError(404, 'NO_ACTIVE_GOAL', NO_ACTIVE_GOAL);
  return goal.id;
}
