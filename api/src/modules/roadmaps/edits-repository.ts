// The queries of plan edits: the goal's edit lock and version, the edits, and the renames they make.
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { goals, lessons, planEdits, roadmaps } from '../../db/schema.ts';

export type PlanEditRow = typeof planEdits.$inferSelect;

/**
 * The edit version of the learner's goal (0 before its first edit), undefined when the goal is not theirs.
 * `lock` takes the goal's row for an edit: two edits of one plan, from two tabs, take their turns.
 */
export async function goalEditVersion(
  db: Db | Tx,
  userId: string,
  goalId: string,
  { lock = false } = {},
): Promise<number | undefined> {
  const own = db
    .select({ id: goals.id })
    .from(goals)
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId)));
  const [goal] = lock ? await own.for('update') : await own;
  if (!goal) return undefined;
  const [row] = await db
    .select({ version: sql<number>`coalesce(max(${planEdits.version}), 0)::int` })
    .from(planEdits)
    .where(eq(planEdits.goalId, goalId));
  return Number(row?.version ?? 0);
}

export async function insertPlanEdit(tx: Tx, edit: typeof planEdits.$inferInsert): Promise<PlanEditRow> {
  const [row] = await tx.insert(planEdits).values(edit).returning();
  return row!;
}

/** The newest edit not taken back yet, undos aside: what Undo takes back. */
export async function lastUndoableEdit(tx: Tx, goalId: string): Promise<PlanEditRow | undefined> {
  const [row] = await tx
    .select()
    .from(planEdits)
    .where(and(eq(planEdits.goalId, goalId), ne(planEdits.kind, 'undo'), isNull(planEdits.undoneBy)))
    .orderBy(desc(planEdits.version))
    .limit(1);
  return row;
}

export async function markUndone(tx: Tx, id: string, by: number): Promise<void> {
  await tx.update(planEdits).set({ undoneBy: by }).where(eq(planEdits.id, id));
}

export async function planEditsOfGoal(db: Db | Tx, goalId: string, limit: number): Promise<PlanEditRow[]> {
  return db
    .select()
    .from(planEdits)
    .where(eq(planEdits.goalId, goalId))
    .orderBy(desc(planEdits.version))
    .limit(limit);
}

/** Renames a section of the goal; its name before, or undefined when the goal has no such section. */
export async function renameSectionOfGoal(tx: Tx, goalId: string, id: string, name: string) {
  const [before] = await tx
    .select({ name: roadmaps.name })
    .from(roadmaps)
    .where(and(eq(roadmaps.id, id), eq(roadmaps.goalId, goalId)))
    .for('update');
  if (!before) return undefined;
  await tx.update(roadmaps).set({ name, updatedAt: sql`now()` }).where(eq(roadmaps.id, id));
  return before.name;
}

/** Renames a lesson of the goal; its title before, or undefined when the goal has no such lesson. */
export async function renameLessonOfGoal(tx: Tx, goalId: string, id: string, title: string) {
  const [before] = await tx
    .select({ title: lessons.title })
    .from(lessons)
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .where(and(eq(lessons.id, id), eq(roadmaps.goalId, goalId)))
    .for('update', { of: lessons });
  if (!before) return undefined;
  await tx.update(lessons).set({ title, updatedAt: sql`now()` }).where(eq(lessons.id, id));
  return before.title;
}
