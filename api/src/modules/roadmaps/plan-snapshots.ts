// What a removal keeps so its Undo loses nothing: the removed rows, whole, and what pointed at them. A lesson
// removed is deleted with what the foreign keys take along (its assessment, its chat, its content's versions,
// its exercises and the attempts at them), so those rows are kept
// here; what outlives it by itself (its notes, its review cards, its focus sessions: `set null`) stays where
// it is, and is named here to be linked to the lesson again. The lesson's own review cards (missed questions,
// not its notes' cards, which go on with their notes) are suspended meanwhile, and only the ones that were
// not suspended already are named to be taken back out.
//
// Rows are kept as PostgreSQL writes them with to_jsonb (column names, timestamps as ISO 8601 text to the
// microsecond) and put back with jsonb_populate_recordset, so a restored row is the row that was removed, to
// the microsecond. Only the columns a snapshot holds are written: a column added by a later migration takes
// its default on an older snapshot's restore.
import { and, asc, eq, getTableColumns, inArray, isNull, not, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  chatMessages,
  exerciseAttempts,
  exercises,
  learningPlans,
  lessonAssessments,
  lessons,
  lessonVersions,
  notes,
  pomodoroSessions,
  reviewCards,
  roadmaps,
} from '../../db/schema.ts';

/** A row as to_jsonb writes it: column names, timestamps as ISO 8601 text. */
export type RowJson = Record<string, unknown>;

export interface LessonSnapshot {
  lesson: RowJson;
  /** its place among its section's lessons */
  index: number;
  assessment: RowJson | null;
  /** its chat, oldest first */
  chat: RowJson[];
  /** its content's versions (absent from snapshots taken before lessons had versions) */
  versions?: RowJson[];
  /** its exercises and the learner's attempts at them (absent from snapshots taken before exercises) */
  exercises?: RowJson[];
  attempts?: RowJson[];
  /** what was linked to it, linked again on restore when still unlinked */
  notes: string[];
  cards: string[];
  sessions: string[];
  /** the cards this removal suspended, taken back out on restore */
  suspended: string[];
}

export interface SectionSnapshot {
  section: RowJson;
  /** its place among its goal's sections */
  index: number;
  lessons: LessonSnapshot[];
  /** the learning plans that pointed at it */
  plans: string[];
  /** the goal's other sections then: a plan that has none of them now was generated again */
  siblings: string[];
}

/** The row of `table` as JSON, by its `where`; the text parsed here, whatever the driver does with jsonb. */
const rowsOf = <T extends PgTable>(tx: Tx, table: T, where: SQL | undefined, order: SQL[] = []) =>
  tx
    .select({ json: sql<string>`to_jsonb(${table})::text` })
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .then((rows) => rows.map((r) => JSON.parse(r.json) as RowJson));

const byKey = (rows: RowJson[], key: string) => {
  const out = new Map<string, RowJson[]>();
  for (const row of rows) {
    const k = row[key] as string;
    out.set(k, [...(out.get(k) ?? []), row]);
  }
  return out;
};

/**
 * Snapshots lessons about to be removed (their rows locked by the caller), `index` their places, and
 * suspends their own review cards. The caller then deletes them.
 */
export async function takeLessonSnapshots(
  tx: Tx,
  items: { id: string; index: number }[],
): Promise<LessonSnapshot[]> {
  if (items.length === 0) return [];
  const ids = items.map((i) => i.id);
  const [
    lessonRows,
    assessments,
    versions,
    chat,
    noteRows,
    cardRows,
    sessionRows,
    exerciseRows,
    attemptRows,
  ] = await Promise.all([
    rowsOf(tx, lessons, inArray(lessons.id, ids)),
    rowsOf(tx, lessonAssessments, inArray(lessonAssessments.lessonId, ids)),
    rowsOf(tx, lessonVersions, inArray(lessonVersions.lessonId, ids), [
      asc(lessonVersions.lessonId),
      asc(lessonVersions.version),
    ]),
    rowsOf(tx, chatMessages, inArray(chatMessages.lessonId, ids), [
      asc(chatMessages.createdAt),
      asc(chatMessages.id),
    ]),
    tx.select({ id: notes.id, lessonId: notes.lessonId }).from(notes).where(inArray(notes.lessonId, ids)),
    tx
      .select({ id: reviewCards.id, lessonId: reviewCards.lessonId })
      .from(reviewCards)
      .where(inArray(reviewCards.lessonId, ids)),
    tx
      .select({ id: pomodoroSessions.id, lessonId: pomodoroSessions.lessonId })
      .from(pomodoroSessions)
      .where(inArray(pomodoroSessions.lessonId, ids)),
    rowsOf(tx, exercises, inArray(exercises.lessonId, ids), [asc(exercises.createdAt), asc(exercises.id)]),
    rowsOf(tx, exerciseAttempts, inArray(exerciseAttempts.lessonId, ids), [
      asc(exerciseAttempts.createdAt),
      asc(exerciseAttempts.id),
    ]),
  ]);
  const suspended = await tx
    .update(reviewCards)
    .set({ suspended: true })
    .where(and(inArray(reviewCards.lessonId, ids), isNull(reviewCards.noteId), not(reviewCards.suspended)))
    .returning({ id: reviewCards.id, lessonId: reviewCards.lessonId });
  const lessonById = new Map(lessonRows.map((r) => [r.id as string, r]));
  const assessmentOf = byKey(assessments, 'lesson_id');
  const chatOf = byKey(chat, 'lesson_id');
  const versionsOf = byKey(versions, 'lesson_id');
  const exercisesOf = byKey(exerciseRows, 'lesson_id');
  const attemptsOf = byKey(attemptRows, 'lesson_id');
  const idsOf = (rows: { id: string; lessonId: string | null }[], lessonId: string) =>
    rows.filter((r) => r.lessonId === lessonId).map((r) => r.id);
  return items.map(({ id, index }) => ({
    lesson: lessonById.get(id)!,
    index,
    assessment: assessmentOf.get(id)?.[0] ?? null,
    chat: chatOf.get(id) ?? [],
    versions: versionsOf.get(id) ?? [],
    exercises: exercisesOf.get(id) ?? [],
    attempts: attemptsOf.get(id) ?? [],
    notes: idsOf(noteRows, id),
    cards: idsOf(cardRows, id),
    sessions: idsOf(sessionRows, id),
    suspended: idsOf(suspended, id),
  }));
}

/** A section about to be removed, as a snapshot without its lessons (taken apart, see takeLessonSnapshots). */
export async function sectionRowAndPlans(tx: Tx, id: string) {
  const [[section], plans] = await Promise.all([
    rowsOf(tx, roadmaps, eq(roadmaps.id, id)),
    tx.select({ id: learningPlans.id }).from(learningPlans).where(eq(learningPlans.roadmapId, id)),
  ]);
  return { section: section!, plans: plans.map((p) => p.id) };
}

/** Inserts rows as to_jsonb wrote them, the columns they hold (the table's others take their defaults). */
async function restoreRows(tx: Tx, table: PgTable, rows: RowJson[]): Promise<void> {
  if (rows.length === 0) return;
  const held = new Set(rows.flatMap((r) => Object.keys(r)));
  const columns = Object.values(getTableColumns(table))
    .map((c) => c.name)
    .filter((name) => held.has(name));
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${table} (${list})
    select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(rows)}::jsonb)`);
}

/** Links the rows named to `lessonId` again, those still linked to no lesson. */
async function relink(
  tx: Tx,
  table: typeof notes | typeof reviewCards | typeof pomodoroSessions,
  pairs: { id: string; lesson_id: string }[],
) {
  if (pairs.length === 0) return;
  await tx.execute(sql`
    update ${table} set lesson_id = v.lesson_id
    from json_to_recordset(${JSON.stringify(pairs)}::json) as v(id uuid, lesson_id uuid)
    where ${table.id} = v.id and ${table.lessonId} is null`);
}

/**
 * Puts removed lessons back with the same ids (their section exists; placing them is the caller's): their
 * rows, assessments, chats, content versions and exercises, their notes, cards and focus sessions linked again, the cards the removal
 * suspended back in review. A media file the hourly sweep removed meanwhile is forgotten, so the lesson
 * makes it again when opened.
 */
export async function restoreLessons(
  tx: Tx,
  snapshots: LessonSnapshot[],
  mediaExists: (path: string) => Promise<boolean>,
): Promise<void> {
  if (snapshots.length === 0) return;
  const rows = await Promise.all(
    snapshots.map(async ({ lesson }) => {
      const row = { ...lesson };
      for (const column of ['image_url', 'audio_url']) {
        const path = row[column];
        if (typeof path === 'string' && !(await mediaExists(path))) row[column] = null;
      }
      return row;
    }),
  );
  await restoreRows(tx, lessons, rows);
  await restoreRows(
    tx,
    lessonAssessments,
    snapshots.flatMap((s) => (s.assessment ? [s.assessment] : [])),
  );
  await restoreRows(
    tx,
    chatMessages,
    snapshots.flatMap((s) => s.chat),
  );
  await restoreRows(
    tx,
    lessonVersions,
    snapshots.flatMap((s) => s.versions ?? []),
  );
  await restoreRows(
    tx,
    exercises,
    snapshots.flatMap((s) => s.exercises ?? []),
  );
  await restoreRows(
    tx,
    exerciseAttempts,
    snapshots.flatMap((s) => s.attempts ?? []),
  );
  const pairs = (pick: (s: LessonSnapshot) => string[]) =>
    snapshots.flatMap((s) => pick(s).map((id) => ({ id, lesson_id: s.lesson.id as string })));
  await relink(
    tx,
    notes,
    pairs((s) => s.notes),
  );
  await relink(
    tx,
    reviewCards,
    pairs((s) => s.cards),
  );
  await relink(
    tx,
    pomodoroSessions,
    pairs((s) => s.sessions),
  );
  const suspended = snapshots.flatMap((s) => s.suspended);
  if (suspended.length > 0) {
    await tx.update(reviewCards).set({ suspended: false }).where(inArray(reviewCards.id, suspended));
  }
}

/** Puts a removed section back with the same id, and its lessons (see restoreLessons); placing it is the caller's. */
export async function restoreSection(
  tx: Tx,
  snapshot: SectionSnapshot,
  mediaExists: (path: string) => Promise<boolean>,
): Promise<void> {
  const id = snapshot.section.id as string;
  await restoreRows(tx, roadmaps, [snapshot.section]);
  await restoreLessons(tx, snapshot.lessons, mediaExists);
  if (snapshot.plans.length > 0) {
    await tx
      .update(learningPlans)
      .set({ roadmapId: id })
      .where(and(inArray(learningPlans.id, snapshot.plans), isNull(learningPlans.roadmapId)));
  }
}
