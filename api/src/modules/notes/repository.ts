import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { lessons, notes } from '../../db/schema.ts';

export type NoteRow = typeof notes.$inferSelect;
export type NewNote = Pick<
  typeof notes.$inferInsert,
  'userId' | 'lessonId' | 'title' | 'content' | 'tags' | 'explicitTags' | 'createdAt' | 'updatedAt'
>;

/** The learner's notes, last edited first. */
export async function listNoteRows(db: Db | Tx, userId: string): Promise<NoteRow[]> {
  return db
    .select()
    .from(notes)
    .where(eq(notes.userId, userId))
    .orderBy(desc(notes.updatedAt), desc(notes.createdAt));
}

/** The note when it belongs to the user. */
export async function findOwnNote(db: Db | Tx, userId: string, id: string): Promise<NoteRow | undefined> {
  const [row] = await db
    .select()
    .from(notes)
    .where(and(eq(notes.id, id), eq(notes.userId, userId)))
    .limit(1);
  return row;
}

export async function ownsLesson(db: Db | Tx, userId: string, lessonId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function insertNotes(db: Db | Tx, values: NewNote[]): Promise<NoteRow[]> {
  const out: NoteRow[] = [];
  // a few hundred rows per statement keeps every insert far below PostgreSQL's 65,535 parameters
  for (let i = 0; i < values.length; i += 500) {
    out.push(
      ...(await db
        .insert(notes)
        .values(values.slice(i, i + 500))
        .returning()),
    );
  }
  return out;
}

export async function updateNote(
  db: Db | Tx,
  id: string,
  set: Pick<NoteRow, 'title' | 'content' | 'tags' | 'explicitTags'>,
): Promise<NoteRow> {
  const [row] = await db
    .update(notes)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(notes.id, id))
    .returning();
  if (!row) throw new Error('note vanished');
  return row;
}

export async function deleteOwnNote(db: Db | Tx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notes)
    .where(and(eq(notes.id, id), eq(notes.userId, userId)))
    .returning({ id: notes.id });
  return rows.length > 0;
}
