// The queries of plan edits: the goal's edit lock and version, the edits, and the renames, moves, additions and
// removals they make (a removal's snapshot is plan-snapshots.ts').
import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
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

/** Every edit after `version`, newest first: what a restore of that version takes back. */
export async function editsAfter(tx: Tx, goalId: string, version: number): Promise<PlanEditRow[]> {
  return tx
    .select()
    .from(planEdits)
    .where(and(eq(planEdits.goalId, goalId), gt(planEdits.version, version)))
    .orderBy(desc(planEdits.version));
}

/** The edits a restore marked taken back are in effect again once the restore is undone. */
export async function unmarkUndoneBy(tx: Tx, goalId: string, by: number): Promise<void> {
  await tx
    .update(planEdits)
    .set({ undoneBy: null })
    .where(and(eq(planEdits.goalId, goalId), eq(planEdits.undoneBy, by)));
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

/** Positions in a goal's plan: sections by `roadmaps.position`, a section's lessons by `lessons.position`. */
type Positioned = typeof roadmaps | typeof lessons;

/** The ids of a goal's sections in plan order. */
export async function sectionIdsOfGoal(tx: Tx, goalId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: roadmaps.id })
    .from(roadmaps)
    .where(eq(roadmaps.goalId, goalId))
    .orderBy(asc(roadmaps.position), asc(roadmaps.createdAt), asc(roadmaps.id));
  return rows.map((r) => r.id);
}

/**
 * The ids of a section's lessons in plan order; `lock` takes their rows, so nothing that points at them
 * (a note, a chat message, a focus session) is added while they are being taken out.
 */
export async function lessonIdsOfSection(tx: Tx, roadmapId: string, { lock = false } = {}) {
  const query = tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.roadmapId, roadmapId))
    .orderBy(asc(lessons.position), asc(lessons.createdAt), asc(lessons.id));
  const rows = lock ? await query.for('update') : await query;
  return rows.map((r) => r.id);
}

/** Numbers the rows 0..n-1 in the order given, writing only the rows whose position changes. */
export async function renumber(tx: Tx, table: Positioned, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${table} set position = v.n - 1
    from json_array_elements_text(${JSON.stringify(ids)}::json) with ordinality as v(id, n)
    where ${table.id} = v.id::uuid and ${table.position} <> v.n - 1`);
}

/** `ids` with `id` put at `index` (past the end: last); answers the list and where it went. */
export function placed(ids: string[], id: string, index: number): { ids: string[]; at: number } {
  const rest = ids.filter((x) => x !== id);
  const at = Math.min(index, rest.length);
  rest.splice(at, 0, id);
  return { ids: rest, at };
}

/** A section of the goal, its row locked for the edit; undefined when the goal has no such section. */
export async function lockSectionOfGoal(tx: Tx, goalId: string, id: string) {
  const [row] = await tx
    .select()
    .from(roadmaps)
    .where(and(eq(roadmaps.id, id), eq(roadmaps.goalId, goalId)))
    .for('update');
  return row;
}

/** A lesson of the goal with its section's name, its row locked; undefined when the goal has no such lesson. */
export async function lockLessonOfGoal(tx: Tx, goalId: string, id: string) {
  const [row] = await tx
    .select({ lesson: lessons, sectionName: roadmaps.name })
    .from(lessons)
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .where(and(eq(lessons.id, id), eq(roadmaps.goalId, goalId)))
    .for('update', { of: lessons });
  return row;
}

export async function rowExists(tx: Tx, table: Positioned, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return row !== undefined;
}

/** A new section of the goal (no lessons yet: the plan offers to generate them). */
export async function insertSection(
  tx: Tx,
  values: { userId: string; goalId: string; name: string; source: string; position: number },
) {
  const [row] = await tx.insert(roadmaps).values(values).returning();
  return row!;
}

/** A new lesson by its title: the default estimate, no content (generated when it is first opened). */
export async function insertLesson(
  tx: Tx,
  values: { userId: string; roadmapId: string; title: string; position: number },
) {
  const [row] = await tx.insert(lessons).values(values).returning();
  return row!;
}

/** Moves a lesson to another section (positions are renumbered by the caller). */
export async function setLessonSection(tx: Tx, id: string, roadmapId: string, position: number) {
  await tx.update(lessons).set({ roadmapId, position }).where(eq(lessons.id, id));
}

export async function deleteLesson(tx: Tx, id: string): Promise<void> {
  await tx.delete(lessons).where(eq(lessons.id, id));
}

/** Deletes a section; its lessons, their assessments and chats go with it (the foreign keys cascade). */
export async function deleteSection(tx: Tx, id: string): Promise<void> {
  await tx.delete(roadmaps).where(eq(roadmaps.id, id));
}
