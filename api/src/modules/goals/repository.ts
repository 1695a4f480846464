import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { goals, lessons, roadmaps } from '../../db/schema.ts';

export type GoalRow = typeof goals.$inferSelect;

export interface GoalStats {
  sections: number;
  completedSections: number;
  lastCompletedSectionAt: Date | null;
  lessons: number;
  completedLessons: number;
}

export const EMPTY_STATS: GoalStats = {
  sections: 0,
  completedSections: 0,
  lastCompletedSectionAt: null,
  lessons: 0,
  completedLessons: 0,
};

export async function listGoalRows(db: Db | Tx, userId: string): Promise<GoalRow[]> {
  return db.select().from(goals).where(eq(goals.userId, userId)).orderBy(desc(goals.createdAt));
}

/** The goal when it belongs to the user. */
export async function findOwnGoal(db: Db | Tx, userId: string, id: string): Promise<GoalRow | undefined> {
  const [row] = await db
    .select()
    .from(goals)
    .where(and(eq(goals.id, id), eq(goals.userId, userId)))
    .limit(1);
  return row;
}

export async function findActiveGoal(db: Db | Tx, userId: string): Promise<GoalRow | undefined> {
  const [row] = await db
    .select()
    .from(goals)
    .where(and(eq(goals.userId, userId), eq(goals.isActive, true)))
    .orderBy(desc(goals.updatedAt))
    .limit(1);
  return row;
}

/** Sections and lessons counts per goal of the rows `where` picks, in one query. */
async function statsWhere(db: Db | Tx, where: SQL): Promise<Map<string, GoalStats>> {
  const out = new Map<string, GoalStats>();
  const rows = await db
    .select({
      goalId: roadmaps.goalId,
      sections: sql<number>`count(distinct ${roadmaps.id})::int`,
      completedSections: sql<number>`count(distinct ${roadmaps.id}) filter (where ${roadmaps.isCompleted})::int`,
      lastCompletedSectionAt: sql<
        string | null
      >`max(${roadmaps.updatedAt}) filter (where ${roadmaps.isCompleted})`,
      lessons: sql<number>`count(${lessons.id})::int`,
      completedLessons: sql<number>`count(${lessons.id}) filter (where ${lessons.isCompleted})::int`,
    })
    .from(roadmaps)
    .leftJoin(lessons, eq(lessons.roadmapId, roadmaps.id))
    .where(where)
    .groupBy(roadmaps.goalId);
  for (const r of rows) {
    if (!r.goalId) continue;
    out.set(r.goalId, {
      sections: Number(r.sections),
      completedSections: Number(r.completedSections),
      lastCompletedSectionAt: r.lastCompletedSectionAt ? new Date(r.lastCompletedSectionAt) : null,
      lessons: Number(r.lessons),
      completedLessons: Number(r.completedLessons),
    });
  }
  return out;
}

/** Sections and lessons counts of many goals in one query. */
export async function goalStats(db: Db | Tx, goalIds: string[]): Promise<Map<string, GoalStats>> {
  if (goalIds.length === 0) return new Map();
  return statsWhere(db, inArray(roadmaps.goalId, goalIds));
}

/** Sections and lessons counts of every goal of the user, in one query. */
export const goalStatsOfUser = (db: Db | Tx, userId: string) => statsWhere(db, eq(roadmaps.userId, userId));

export async function insertGoal(
  db: Db | Tx,
  values: Pick<typeof goals.$inferInsert, 'userId' | 'description' | 'metadata' | 'level' | 'isActive'>,
): Promise<GoalRow> {
  const [row] = await db.insert(goals).values(values).returning();
  if (!row) throw new Error('insert into goals returned no row');
  return row;
}

export async function updateGoal(
  db: Db | Tx,
  id: string,
  set: Partial<
    Pick<
      GoalRow,
      'description' | 'metadata' | 'level' | 'isActive' | 'isCompleted' | 'completedAt' | 'imageUrl'
    >
  >,
): Promise<GoalRow> {
  const [row] = await db
    .update(goals)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(goals.id, id))
    .returning();
  if (!row) throw new Error('goal vanished');
  return row;
}

/** Every other goal of the user stops being active. */
export async function deactivateOthers(db: Db | Tx, userId: string, keepId: string): Promise<void> {
  await db
    .update(goals)
    .set({ isActive: false, updatedAt: sql`now()` })
    .where(and(eq(goals.userId, userId), ne(goals.id, keepId), eq(goals.isActive, true)));
}

export async function deleteGoal(db: Db | Tx, id: string): Promise<void> {
  await db.delete(goals).where(eq(goals.id, id));
}
