import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { goals, lessonAssessments, lessons, roadmaps } from '../../db/schema.ts';

export type LessonRow = typeof lessons.$inferSelect;
export type AssessmentRow = typeof lessonAssessments.$inferSelect;
export type GoalRow = typeof goals.$inferSelect;

/** A lesson with its section and (when the section belongs to one) goal. */
export interface LessonContext {
  lesson: LessonRow;
  roadmap: { id: string; name: string; goalId: string | null; position: number };
  goal: GoalRow | null;
}

export async function findLessonContext(
  db: Db | Tx,
  userId: string,
  id: string,
): Promise<LessonContext | undefined> {
  const [row] = await db
    .select({
      lesson: lessons,
      roadmap: { id: roadmaps.id, name: roadmaps.name, goalId: roadmaps.goalId, position: roadmaps.position },
      goal: goals,
    })
    .from(lessons)
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .leftJoin(goals, eq(goals.id, roadmaps.goalId))
    .where(and(eq(lessons.id, id), eq(lessons.userId, userId)))
    .limit(1);
  return row;
}

export type LessonUpdate = Partial<
  Pick<
    LessonRow,
    | 'content'
    | 'contentSource'
    | 'citations'
    | 'videoUrls'
    | 'resourceLinks'
    | 'imageUrl'
    | 'audioUrl'
    | 'mediaKey'
    | 'isCompleted'
    | 'completedAt'
    | 'grade'
  >
>;

export async function updateLesson(db: Db | Tx, id: string, set: LessonUpdate): Promise<LessonRow> {
  const [row] = await db
    .update(lessons)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(lessons.id, id))
    .returning();
  if (!row) throw new Error('lesson vanished');
  return row;
}

/** The newest completion, since `since`, of another lesson of the same goal (the lesson-open gate). */
export async function recentCompletionInGoal(
  db: Db | Tx,
  userId: string,
  goalId: string,
  exceptLessonId: string,
  since: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${lessons.completedAt})` })
    .from(lessons)
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .where(
      and(
        eq(lessons.userId, userId),
        eq(roadmaps.goalId, goalId),
        ne(lessons.id, exceptLessonId),
        eq(lessons.isCompleted, true),
        gt(lessons.completedAt, since),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

/** The lessons of a goal in plan order (section, then lesson), ids only. */
export async function lessonOrderOfGoal(db: Db | Tx, goalId: string): Promise<string[]> {
  const rows = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .where(eq(roadmaps.goalId, goalId))
    .orderBy(asc(roadmaps.position), asc(roadmaps.createdAt), asc(lessons.position));
  return rows.map((r) => r.id);
}

export async function findAssessmentOfLesson(
  db: Db | Tx,
  lessonId: string,
): Promise<AssessmentRow | undefined> {
  const [row] = await db
    .select()
    .from(lessonAssessments)
    .where(eq(lessonAssessments.lessonId, lessonId))
    .limit(1);
  return row;
}

export async function findOwnAssessment(
  db: Db | Tx,
  userId: string,
  id: string,
): Promise<AssessmentRow | undefined> {
  const [row] = await db
    .select()
    .from(lessonAssessments)
    .where(and(eq(lessonAssessments.id, id), eq(lessonAssessments.userId, userId)))
    .limit(1);
  return row;
}

/** Stores a lesson's questions, replacing any earlier assessment of it (and its submission). */
export async function replaceAssessment(
  tx: Tx,
  input: { userId: string; lessonId: string; questions: unknown; source: string },
): Promise<AssessmentRow> {
  await tx.delete(lessonAssessments).where(eq(lessonAssessments.lessonId, input.lessonId));
  const [row] = await tx.insert(lessonAssessments).values(input).returning();
  if (!row) throw new Error('assessment not stored');
  return row;
}

export async function saveSubmission(
  db: Db | Tx,
  id: string,
  answers: unknown,
  submission: unknown,
  at: Date,
): Promise<AssessmentRow> {
  const [row] = await db
    .update(lessonAssessments)
    .set({ answers, submission, submittedAt: at })
    .where(eq(lessonAssessments.id, id))
    .returning();
  if (!row) throw new Error('assessment vanished');
  return row;
}
