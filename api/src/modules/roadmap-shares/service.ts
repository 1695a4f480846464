// Sharing a goal's roadmap by a public link: the owner turns it on (with or without their progress), changes
// or revokes it; anyone with the link reads the goal, its sections and lesson titles (never notes, scores,
// chats or lesson content); a learner copies it as a goal of their own, counted as a goal creation.
import { DEFAULT_GOAL_LEVEL, GoalLevelSchema } from '@mindpath/contracts/ai';
import {
  type RoadmapCopy,
  type RoadmapShare,
  SHARE_MESSAGES,
  SHARE_SLUG_PATTERN,
  type SharedRoadmap,
  sharePath,
} from '@mindpath/contracts/roadmap-shares';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findOwnGoal } from '../goals/index.ts';
import { createGoal, goalText } from '../goals/service.ts';
import type { MediaSigner } from '../media/signed-url.ts';
import {
  deleteShare,
  findSharedGoal,
  findShareOfGoal,
  goalOutline,
  insertOutline,
  type ShareRow,
  upsertShare,
} from './repository.ts';

export const GOAL_NOT_FOUND = 'Goal not found';
/** The sections of a copy say where they came from, as a generated roadmap's name its model. */
export const SHARED_SOURCE = 'shared';

const toShare = (row: ShareRow): RoadmapShare => ({
  slug: row.slug,
  path: sharePath(row.slug),
  showProgress: row.showProgress,
  createdAt: row.createdAt.toISOString(),
});

async function assertOwnGoal(db: Db, userId: string, goalId: string) {
  if (!(await findOwnGoal(db, userId, goalId))) throw notFound(GOAL_NOT_FOUND);
}

/** The goal's link, or null while it is not shared. */
export async function getShare(db: Db, userId: string, goalId: string): Promise<RoadmapShare | null> {
  await assertOwnGoal(db, userId, goalId);
  const row = await findShareOfGoal(db, userId, goalId);
  return row ? toShare(row) : null;
}

/** Shares the goal's roadmap (the same link when it already is) with the progress option as given. */
export async function setShare(
  db: Db,
  userId: string,
  goalId: string,
  showProgress: boolean,
): Promise<RoadmapShare> {
  await assertOwnGoal(db, userId, goalId);
  return toShare(await upsertShare(db, { userId, goalId, showProgress }));
}

/** Stops sharing: the link is gone for good (sharing again makes a new one). Idempotent. */
export async function revokeShare(db: Db, userId: string, goalId: string): Promise<void> {
  await assertOwnGoal(db, userId, goalId);
  await deleteShare(db, userId, goalId);
}

/** What the link shows, or 404 for an unknown or revoked link. */
export async function readSharedRoadmap(db: Db, slug: string): Promise<SharedRoadmap> {
  const goal = SHARE_SLUG_PATTERN.test(slug) ? await findSharedGoal(db, slug) : undefined;
  if (!goal) throw notFound(SHARE_MESSAGES.notFound);
  const outline = await goalOutline(db, goal.goalId);
  const progress = goal.showProgress;
  const lessons = outline.flatMap((s) => s.lessons);
  const completed = lessons.filter((l) => l.isCompleted).length;
  return {
    slug: goal.slug,
    goal: goalText(goal.description),
    level: GoalLevelSchema.catch(DEFAULT_GOAL_LEVEL).parse(goal.level),
    sections: outline.map((s) => ({
      name: s.name,
      lessons: s.lessons.map((l) => ({
        title: l.title,
        estimatedTimeInMinutes: l.estimatedTimeInMinutes,
        ...(progress ? { isCompleted: l.isCompleted } : {}),
      })),
      ...(progress ? { isCompleted: s.isCompleted } : {}),
    })),
    ...(progress
      ? {
          progress: {
            completedLessons: completed,
            totalLessons: lessons.length,
            percentage: lessons.length ? Math.round((completed * 100) / lessons.length) : 0,
          },
        }
      : {}),
  };
}

/**
 * The shared roadmap as a new goal of the learner's (it becomes their active goal): the same sections and
 * lesson titles, nothing completed, each lesson's content written for them when they open it. Counted as a
 * goal creation under their plan's limits (429 as for POST /goals); one transaction, so a refused or failed
 * copy leaves nothing and counts nothing.
 */
export async function copySharedRoadmap(
  db: Db,
  userId: string,
  slug: string,
  now: Date,
  sign: MediaSigner,
): Promise<RoadmapCopy> {
  const shared = SHARE_SLUG_PATTERN.test(slug) ? await findSharedGoal(db, slug) : undefined;
  if (!shared) throw notFound(SHARE_MESSAGES.notFound);
  const outline = await goalOutline(db, shared.goalId);
  return db.transaction(async (tx) => {
    // the goals service's own creation, limits and usage included, inside this transaction
    const goal = await createGoal(
      tx,
      userId,
      { description: shared.description, metadata: JSON.stringify({ level: shared.level }) },
      now,
      sign,
    );
    await insertOutline(tx, { userId, goalId: goal.id }, outline, SHARED_SOURCE);
    return { goalId: goal.id };
  });
}
