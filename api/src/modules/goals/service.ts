// Goals: the owner's list, the one active goal, progress and the completion rule of spec 1 §4, and the
// plan limits on creation (spec 1 §6, §9).
import { DEFAULT_GOAL_LEVEL, type GoalLevel, GoalLevelSchema } from '@mindpath/contracts/ai';
import type { CreateGoal, Goal, UpdateGoal } from '@mindpath/contracts/goals';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertGoalsInProgress, assertWindow, lockUser, recordUsage, userIsPro } from '../limits/service.ts';
import { storeImage } from '../media/illustration.ts';
import type { MediaSigner } from '../media/signed-url.ts';
import { type MediaStore, mediaNameOf } from '../media/store.ts';
import { goalImagePrompt, goalSvg } from './image.ts';
import {
  deactivateOthers,
  deleteGoal,
  EMPTY_STATS,
  findActiveGoal,
  findOwnGoal,
  type GoalRow,
  type GoalStats,
  goalStats,
  insertGoal,
  listGoalRows,
  updateGoal,
} from './repository.ts';

export const NO_ACTIVE_GOAL = 'No active goal found. Please create a goal first.';

/** The completion rule (spec 1 §4): flagged completed, or every roadmap section completed. */
export function isGoalCompleted(row: Pick<GoalRow, 'isCompleted'>, stats: GoalStats): boolean {
  return row.isCompleted || (stats.sections > 0 && stats.completedSections === stats.sections);
}

export function goalProgress(row: Pick<GoalRow, 'isCompleted'>, stats: GoalStats) {
  const completed = isGoalCompleted(row, stats);
  const completionPercentage = completed
    ? 100
    : stats.lessons > 0
      ? Math.min(99, Math.round((stats.completedLessons * 100) / stats.lessons))
      : 0;
  return { completionPercentage, completedLessons: stats.completedLessons, totalLessons: stats.lessons };
}

/** The goal as its owner sees it; `sign` turns its stored image path into a URL their browser may load. */
export function toGoal(row: GoalRow, sign: MediaSigner, stats: GoalStats = EMPTY_STATS): Goal {
  const completed = isGoalCompleted(row, stats);
  const progress = goalProgress(row, stats);
  // the goal's own completion date, else the latest update among its completed sections
  const completedAt = completed ? (row.completedAt ?? stats.lastCompletedSectionAt) : null;
  return {
    id: row.id,
    description: row.description,
    metadata: row.metadata ?? JSON.stringify({ level: row.level }),
    level: GoalLevelSchema.catch(DEFAULT_GOAL_LEVEL).parse(row.level),
    imageUrl: row.imageUrl && sign(row.imageUrl),
    isActive: row.isActive,
    isCompleted: completed,
    completedAt: completedAt?.toISOString() ?? null,
    progress: progress.completionPercentage,
    goalProgress: progress,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** metadata as text, and the level it holds (else the 'Level: ' prefix of the description, else Beginner). */
export function readMetadata(
  metadata: CreateGoal['metadata'],
  description: string,
): { metadata: string; level: GoalLevel } {
  let obj: Record<string, unknown> = {};
  if (typeof metadata === 'string' && metadata.trim()) {
    try {
      const parsed = JSON.parse(metadata);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) obj = parsed;
      else throw new Error('not an object');
    } catch {
      throw new AppError(400, 'VALIDATION_ERROR', 'metadata must be JSON text holding an object', [
        { field: 'metadata', message: 'metadata must be JSON text holding an object' },
      ]);
    }
  } else if (metadata && typeof metadata === 'object') obj = metadata;
  const fromMeta = GoalLevelSchema.safeParse(obj.level);
  const prefix = /^(Beginner|Practitioner|Advanced)\s*:/.exec(description)?.[1];
  const level = fromMeta.success ? fromMeta.data : GoalLevelSchema.catch(DEFAULT_GOAL_LEVEL).parse(prefix);
  return { metadata: JSON.stringify({ ...obj, level }), level };
}

const LEVEL_SUFFIX = /^([\s\S]*?)\s*\((Beginner|Practitioner|Advanced)\)\s*$/;

/**
 * The two goal texts the clients send read as one: 'description (Difficulty)' (the settings' Goals tab, spec
 * 2 §5) is stored as 'Difficulty: description', the wizard's form (spec 1 §3), so every screen strips the
 * same prefix and none shows the suffix.
 */
export function canonicalGoalText(text: string): string {
  const m = LEVEL_SUFFIX.exec(text);
  return m?.[1]?.trim() ? `${m[2]}: ${m[1].trim()}` : text;
}

/** The goal text for the AI: the description without its 'Level: ' prefix. */
export const goalText = (description: string) =>
  description.replace(/^(Beginner|Practitioner|Advanced)\s*:\s*/, '').trim() || description;

async function withStats(db: Db | Tx, rows: GoalRow[], sign: MediaSigner): Promise<Goal[]> {
  const stats = await goalStats(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toGoal(r, sign, stats.get(r.id)));
}

export async function listGoals(db: Db, userId: string, sign: MediaSigner): Promise<Goal[]> {
  return withStats(db, await listGoalRows(db, userId), sign);
}

export async function getOwnGoalRow(db: Db | Tx, userId: string, id: string): Promise<GoalRow> {
  const row = await findOwnGoal(db, userId, id);
  if (!row) throw notFound('Goal not found');
  return row;
}

export async function getGoal(db: Db | Tx, userId: string, id: string, sign: MediaSigner): Promise<Goal> {
  const [goal] = await withStats(db, [await getOwnGoalRow(db, userId, id)], sign);
  return goal!;
}

export async function getActiveGoal(db: Db, userId: string, sign: MediaSigner): Promise<Goal> {
  const row = await findActiveGoal(db, userId);
  if (!row) throw new AppError(404, 'NO_ACTIVE_GOAL', NO_ACTIVE_GOAL);
  return (await withStats(db, [row], sign))[0]!;
}

/**
 * Creates a goal, active (the others stop being active). Free: 1 goal in progress and 1 creation per 72 h;
 * Pro: up to 10 in progress. The user's row is locked so concurrent creations take turns.
 */
export async function createGoal(
  db: Db,
  userId: string,
  input: CreateGoal,
  now: Date,
  sign: MediaSigner,
): Promise<Goal> {
  const description = canonicalGoalText(input.description);
  const { metadata, level } = readMetadata(input.metadata, description);
  const pro = await userIsPro(db, userId, now);
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const goals = await withStats(tx, await listGoalRows(tx, userId), sign);
    assertGoalsInProgress(pro, goals.filter((g) => !g.isCompleted).length);
    if (!pro) await assertWindow(tx, userId, 'goal_creation', now);
    const row = await insertGoal(tx, {
      userId,
      description,
      metadata,
      level,
      isActive: true,
    });
    await deactivateOthers(tx, userId, row.id);
    await recordUsage(tx, userId, 'goal_creation', now);
    return toGoal(row, sign);
  });
}

export async function editGoal(
  db: Db,
  userId: string,
  id: string,
  input: UpdateGoal,
  sign: MediaSigner,
): Promise<Goal> {
  return db.transaction(async (tx) => {
    const row = await getOwnGoalRow(tx, userId, id);
    const description =
      input.description === undefined ? row.description : canonicalGoalText(input.description);
    const meta =
      input.metadata !== undefined && input.metadata !== null
        ? readMetadata(input.metadata, description)
        : input.description !== undefined && !row.metadata
          ? readMetadata(undefined, description)
          : { metadata: row.metadata, level: row.level };
    if (input.isActive) await deactivateOthers(tx, userId, id);
    await updateGoal(tx, id, {
      description,
      metadata: meta.metadata,
      level: meta.level,
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    });
    return getGoal(tx, userId, id, sign);
  });
}

export async function setActiveGoal(db: Db, userId: string, id: string, sign: MediaSigner): Promise<Goal> {
  return editGoal(db, userId, id, { isActive: true }, sign);
}

export async function removeGoal(db: Db, userId: string, id: string, media: MediaStore): Promise<void> {
  const row = await getOwnGoalRow(db, userId, id);
  await deleteGoal(db, id);
  if (row.imageUrl) await media.remove(mediaNameOf(row.imageUrl));
}

/**
 * Makes the goal's image and stores it in the media store, named by the goal's media key: from
 * the images API when one is configured, else (or when it fails) an SVG illustration of the goal. imageUrl
 * then points under /api/media; an image stored under another name before (one named by the goal's id, from
 * before media keys) goes.
 */
export async function generateGoalImage(
  db: Db,
  media: { store: MediaStore; images: Config['images']; log?: FastifyBaseLogger },
  userId: string,
  id: string,
  sign: MediaSigner,
): Promise<Goal> {
  const row = await getOwnGoalRow(db, userId, id);
  const imageUrl = await storeImage(media, `goals/${row.mediaKey}`, {
    svg: () => goalSvg({ description: row.description, level: row.level }),
    prompt: goalImagePrompt(row.description, row.level),
  });
  await updateGoal(db, id, { imageUrl });
  if (row.imageUrl && row.imageUrl !== imageUrl) await media.store.remove(mediaNameOf(row.imageUrl));
  return getGoal(db, userId, id, sign);
}
