// lesson_versions: a lesson's versions, and what "Regenerate remaining lessons" asks of a goal's
// lessons (started or not, being written or not).
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  chatMessages,
  generationJobs,
  goals,
  lessonAssessments,
  lessons,
  lessonVersions,
  notes,
  pomodoroSessions,
  roadmaps,
} from '../../db/schema.ts';

export type VersionRow = typeof lessonVersions.$inferSelect;
export type VersionListRow = Omit<VersionRow, 'content' | 'userId'> & { characters: number };

const listed = {
  id: lessonVersions.id,
  lessonId: lessonVersions.lessonId,
  version: lessonVersions.version,
  contentSource: lessonVersions.contentSource,
  instruction: lessonVersions.instruction,
  citations: lessonVersions.citations,
  isCurrent: lessonVersions.isCurrent,
  createdAt: lessonVersions.createdAt,
  characters: sql<number>`char_length(${lessonVersions.content})::int`,
};

/** A lesson's versions, newest first, without their text. */
export function listVersions(db: Db | Tx, lessonId: string): Promise<VersionListRow[]> {
  return db
    .select(listed)
    .from(lessonVersions)
    .where(eq(lessonVersions.lessonId, lessonId))
    .orderBy(desc(lessonVersions.version));
}

/** One version of the learner's lesson, with its text. */
export async function findVersion(
  db: Db | Tx,
  userId: string,
  lessonId: string,
  id: string,
): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(lessonVersions)
    .where(
      and(
        eq(lessonVersions.id, id),
        eq(lessonVersions.lessonId, lessonId),
        eq(lessonVersions.userId, userId),
      ),
    )
    .limit(1);
  return row;
}

export async function findCurrentVersion(db: Db | Tx, lessonId: string): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(lessonVersions)
    .where(and(eq(lessonVersions.lessonId, lessonId), eq(lessonVersions.isCurrent, true)))
    .limit(1);
  return row;
}

export async function hasVersions(db: Db | Tx, lessonId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lessonVersions.id })
    .from(lessonVersions)
    .where(eq(lessonVersions.lessonId, lessonId))
    .limit(1);
  return row !== undefined;
}

/** Stores a version numbered after the lesson's last one (the caller holds the lesson's row lock). */
export async function insertVersion(
  tx: Tx,
  v: Pick<
    VersionRow,
    'userId' | 'lessonId' | 'content' | 'contentSource' | 'citations' | 'instruction' | 'isCurrent'
  > & {
    createdAt?: Date;
  },
): Promise<VersionRow> {
  const [{ next } = { next: 1 }] = await tx
    .select({ next: sql<number>`coalesce(max(${lessonVersions.version}), 0)::int + 1` })
    .from(lessonVersions)
    .where(eq(lessonVersions.lessonId, v.lessonId));
  const [row] = await tx
    .insert(lessonVersions)
    .values({ ...v, version: next })
    .returning();
  if (!row) throw new Error('version not stored');
  return row;
}

/**
 * Makes `id` the lesson's current version (null: none). Two statements: a unique index allows one current
 * version per lesson and is checked row by row.
 */
export async function setCurrentVersion(tx: Tx, lessonId: string, id: string | null): Promise<void> {
  await tx
    .update(lessonVersions)
    .set({ isCurrent: false })
    .where(and(eq(lessonVersions.lessonId, lessonId), eq(lessonVersions.isCurrent, true)));
  if (id) await tx.update(lessonVersions).set({ isCurrent: true }).where(eq(lessonVersions.id, id));
}

/** Locks the lesson's row: its versions are numbered and switched one change at a time. */
export async function lockLesson(tx: Tx, lessonId: string): Promise<void> {
  await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.id, lessonId)).for('update');
}

/** When the lesson's content was last written by a generation (its newest succeeded content job). */
export async function contentWrittenAt(db: Db | Tx, lessonId: string, kind: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`max(${generationJobs.finishedAt})` })
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.kind, kind),
        eq(generationJobs.target, lessonId),
        eq(generationJobs.status, 'succeeded'),
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

export async function findOwnGoal(db: Db | Tx, userId: string, goalId: string) {
  const [row] = await db
    .select({ id: goals.id })
    .from(goals)
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
    .limit(1);
  return row;
}

/** A goal's lessons in plan order, their rows locked (what "Regenerate remaining lessons" looks at). */
export function lockLessonsOfGoal(tx: Tx, goalId: string) {
  return tx
    .select({ lesson: lessons })
    .from(lessons)
    .innerJoin(roadmaps, eq(roadmaps.id, lessons.roadmapId))
    .where(eq(roadmaps.goalId, goalId))
    .orderBy(asc(roadmaps.position), asc(roadmaps.createdAt), asc(lessons.position))
    .for('update', { of: lessons })
    .then((rows) => rows.map((r) => r.lesson));
}

/**
 * Of these lessons, the ones the learner has started: an assessment answered, a note, a chat or focus time
 * on it.
 */
export async function startedLessons(db: Db | Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const of = <T extends { lessonId: string | null }>(rows: T[]) => rows.map((r) => r.lessonId as string);
  const [answered, noted, chatted, focused] = await Promise.all([
    db
      .select({ lessonId: lessonAssessments.lessonId })
      .from(lessonAssessments)
      .where(and(inArray(lessonAssessments.lessonId, ids), isNotNull(lessonAssessments.submittedAt))),
    db.selectDistinct({ lessonId: notes.lessonId }).from(notes).where(inArray(notes.lessonId, ids)),
    db
      .selectDistinct({ lessonId: chatMessages.lessonId })
      .from(chatMessages)
      .where(inArray(chatMessages.lessonId, ids)),
    db
      .selectDistinct({ lessonId: pomodoroSessions.lessonId })
      .from(pomodoroSessions)
      .where(inArray(pomodoroSessions.lessonId, ids)),
  ]);
  return new Set([...of(answered), ...of(noted), ...of(chatted), ...of(focused)]);
}

/** Of these lessons, the ones whose content is being written (a live content job). */
export async function lessonsBeingWritten(db: Db | Tx, ids: string[], kind: string): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ target: generationJobs.target })
    .from(generationJobs)
    .where(
      and(
        eq(generationJobs.kind, kind),
        inArray(generationJobs.target, ids),
        inArray(generationJobs.status, ['queued', 'running']),
      ),
    );
  return new Set(rows.map((r) => r.target));
}

/** An assessment nobody answered, made from content that is going: made again from the new content. */
export async function deleteUnansweredAssessment(tx: Tx, lessonId: string): Promise<void> {
  await tx
    .delete(lessonAssessments)
    .where(and(eq(lessonAssessments.lessonId, lessonId), sql`${lessonAssessments.submittedAt} is null`));
}
