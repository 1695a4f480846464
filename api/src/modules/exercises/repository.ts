// The exercises tables: a lesson's visible exercises with the learner's result, the rows behind a rewrite,
// and the attempts.
import type { ExerciseResult, ExerciseSpec } from '@mindpath/contracts/exercises';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { exerciseAttempts, exercises } from '../../db/schema.ts';

export type ExerciseRow = typeof exercises.$inferSelect;
export type NewExercise = Pick<
  typeof exercises.$inferInsert,
  | 'userId'
  | 'lessonId'
  | 'position'
  | 'source'
  | 'spec'
  | 'setup'
  | 'status'
  | 'rewrite'
  | 'hiddenAt'
  | 'hiddenReason'
>;

const result = {
  attempts: sql<number>`(select count(*) from exercise_attempts x where x.exercise_id = exercises.id)::int`,
  solved: sql<boolean>`coalesce((select bool_or(x.passed) from exercise_attempts x
    where x.exercise_id = exercises.id), false)`,
  bestTestsPassed: sql<number | null>`(select max(x.tests_passed) from exercise_attempts x
    where x.exercise_id = exercises.id)`,
  usedSolution: sql<boolean>`coalesce((select bool_or(x.used_solution) from exercise_attempts x
    where x.exercise_id = exercises.id), false)`,
};

export type ExerciseWithResult = ExerciseRow & { result: ExerciseResult };

const withResult = (db: Db | Tx) => db.select({ row: exercises, ...result }).from(exercises);

const toWithResult = (r: {
  row: ExerciseRow;
  attempts: number;
  solved: boolean;
  bestTestsPassed: number | null;
  usedSolution: boolean;
}): ExerciseWithResult => ({
  ...r.row,
  result: {
    attempts: Number(r.attempts),
    solved: Boolean(r.solved),
    bestTestsPassed: r.bestTestsPassed === null ? null : Number(r.bestTestsPassed),
    usedSolution: Boolean(r.usedSolution),
  },
});

/** The lesson's visible exercises in order, each with the learner's result. */
export async function visibleExercises(db: Db | Tx, lessonId: string): Promise<ExerciseWithResult[]> {
  const rows = await withResult(db)
    .where(and(eq(exercises.lessonId, lessonId), isNull(exercises.hiddenAt)))
    .orderBy(asc(exercises.position));
  return rows.map(toWithResult);
}

/** Every exercise the lesson ever had, hidden ones included. */
export async function allExercises(db: Db | Tx, lessonId: string): Promise<ExerciseRow[]> {
  return db
    .select()
    .from(exercises)
    .where(eq(exercises.lessonId, lessonId))
    .orderBy(asc(exercises.position), asc(exercises.createdAt));
}

export async function findOwnExercise(
  db: Db | Tx,
  userId: string,
  id: string,
): Promise<ExerciseWithResult | undefined> {
  const [row] = await withResult(db)
    .where(and(eq(exercises.id, id), eq(exercises.userId, userId)))
    .limit(1);
  return row ? toWithResult(row) : undefined;
}

/** Inserts exercises, leaving a place that has a visible exercise as it is (two first reads at once). */
export async function insertExercises(db: Db | Tx, rows: NewExercise[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(exercises)
    .values(rows)
    .onConflictDoNothing({
      target: [exercises.lessonId, exercises.position],
      where: sql`${exercises.hiddenAt} is null`,
    });
}

/** Hides a visible exercise; answers whether this call hid it. */
export async function hideExercise(db: Db | Tx, id: string, reason: string, at: Date): Promise<boolean> {
  const hidden = await db
    .update(exercises)
    .set({ hiddenAt: at, hiddenReason: reason })
    .where(and(eq(exercises.id, id), isNull(exercises.hiddenAt)))
    .returning({ id: exercises.id });
  return hidden.length > 0;
}

export async function insertAttempt(db: Db | Tx, row: typeof exerciseAttempts.$inferInsert): Promise<void> {
  await db.insert(exerciseAttempts).values(row);
}

export const specOf = (row: ExerciseRow) => row.spec as ExerciseSpec;
