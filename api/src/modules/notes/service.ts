// Notes (spec 2 §3, §5): owner-scoped CRUD, tags resolved on save (a valid non-empty tags field wins over
// the content's #tags), connections derived from [[links]] and shared tags on read, and the import of an
// exported Markdown zip (parsed in the browser) without duplicating notes.
import type {
  CreateNote,
  ImportNotes,
  ImportNotesResult,
  Note,
  NoteConnection,
  UpdateNote,
} from '@mindpath/contracts/notes';
import { buildConnections, parseTagsField, resolveTags, titleKey } from '@mindpath/contracts/notes-logic';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { addLineCards, syncNoteCards } from '../reviews/sources.ts';
import {
  deleteOwnNote,
  findOwnNote,
  insertNotes,
  listNoteRows,
  type NewNote,
  type NoteRow,
  ownsLesson,
  updateNote,
} from './repository.ts';

export const NOTE_NOT_FOUND = 'Note not found';
export const LESSON_NOT_FOUND = 'Lesson not found';

export function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    lessonId: row.lessonId,
    tags: JSON.stringify(row.tags),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Tags and where they come from: an explicit field, else the content. */
function tagsOf(content: string, field: CreateNote['tags']) {
  const explicit = parseTagsField(field);
  return { tags: explicit ?? resolveTags(content), explicitTags: explicit !== null };
}

export async function listNotes(db: Db, userId: string): Promise<Note[]> {
  return (await listNoteRows(db, userId)).map(toNote);
}

export async function getNote(db: Db, userId: string, id: string): Promise<Note> {
  const row = await findOwnNote(db, userId, id);
  if (!row) throw notFound(NOTE_NOT_FOUND);
  return toNote(row);
}

export async function createNote(
  db: Db,
  userId: string,
  body: { title: string; content: string; lessonId?: string | null | undefined; tags?: CreateNote['tags'] },
  now: Date,
): Promise<Note> {
  if (body.lessonId && !(await ownsLesson(db, userId, body.lessonId))) throw notFound(LESSON_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [row] = await insertNotes(tx, [
      {
        userId,
        lessonId: body.lessonId ?? null,
        title: body.title,
        content: body.content,
        ...tagsOf(body.content, body.tags),
      },
    ]);
    await addLineCards(tx, userId, [row!], now);
    return toNote(row!);
  });
}

/**
 * An edit. Content left out keeps the stored content; tags left out keep explicit tags (or follow the new
 * content when they came from it); a tags field that is empty or invalid returns the note to its #tags.
 */
export async function editNote(
  db: Db,
  userId: string,
  id: string,
  body: { title: string; content?: string | undefined; tags?: UpdateNote['tags'] },
  now: Date,
): Promise<Note> {
  const row = await findOwnNote(db, userId, id);
  if (!row) throw notFound(NOTE_NOT_FOUND);
  const content = body.content ?? row.content;
  const tags =
    body.tags === undefined && row.explicitTags
      ? { tags: row.tags, explicitTags: true }
      : tagsOf(content, body.tags);
  return db.transaction(async (tx) => {
    const saved = await updateNote(tx, id, { title: body.title, content, ...tags });
    // the note's review cards follow the edit (its `::` lines, and the note itself when in review)
    await syncNoteCards(tx, userId, saved, now);
    return toNote(saved);
  });
}

export async function removeNote(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteOwnNote(db, userId, id))) throw notFound(NOTE_NOT_FOUND);
}

export async function listConnections(db: Db, userId: string): Promise<NoteConnection[]> {
  const rows = await listNoteRows(db, userId);
  return buildConnections(
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      content: r.content,
      tags: r.tags,
      createdAt: r.createdAt.toISOString(),
    })),
  );
}

const sameText = (a: string, b: string) =>
  a.replace(/\r\n/g, '\n').trim() === b.replace(/\r\n/g, '\n').trim();

/**
 * Imports notes (an export's Markdown files). A note whose title (case-insensitively) and content match
 * one the learner already has (also under a title an earlier import gave it), or one earlier in the same
 * import, is skipped; a note whose title is taken by different content is kept as "<title> (imported)"
 * (then "(imported 2)", …) so nothing is lost; the new notes' `Question :: Answer` lines become cards. Lesson
 * ids that are not the learner's lessons are dropped; dates are kept. All or nothing, in one transaction.
 */
export async function importNotes(
  db: Db,
  userId: string,
  body: ImportNotes,
  now: Date,
): Promise<ImportNotesResult> {
  return db.transaction(async (tx) => {
    const existing = await listNoteRows(tx, userId);
    const byTitle = new Map<string, string[]>();
    const remember = (title: string, content: string) => {
      const key = titleKey(title);
      byTitle.set(key, [...(byTitle.get(key) ?? []), content]);
    };
    for (const row of existing) remember(row.title, row.content);
    const lessonOk = new Map<string, boolean>();
    const result: ImportNotesResult = { created: 0, skipped: 0, renamed: 0 };
    const rows: NewNote[] = [];
    for (const note of body.notes) {
      const content = note.content ?? '';
      // walk "<title>", "<title> (imported)", "<title> (imported 2)", …: the same content under any of
      // them is a duplicate (so importing twice changes nothing); the first free one is the new title
      const base = note.title.trim();
      let title = base;
      let duplicate = false;
      for (let n = 1; byTitle.has(titleKey(title)); n++) {
        if (byTitle.get(titleKey(title))!.some((c) => sameText(c, content))) {
          duplicate = true;
          break;
        }
        title = `${base} (imported${n > 1 ? ` ${n}` : ''})`;
      }
      if (duplicate) {
        result.skipped += 1;
        continue;
      }
      if (title !== base) result.renamed += 1;
      let lessonId = note.lessonId ?? null;
      if (lessonId) {
        if (!lessonOk.has(lessonId)) lessonOk.set(lessonId, await ownsLesson(tx, userId, lessonId));
        if (!lessonOk.get(lessonId)) lessonId = null;
      }
      const createdAt = note.createdAt ? new Date(note.createdAt) : new Date();
      rows.push({
        userId,
        lessonId,
        title,
        content,
        ...tagsOf(content, note.tags),
        createdAt,
        updatedAt: note.updatedAt ? new Date(note.updatedAt) : createdAt,
      });
      remember(title, content);
      result.created += 1;
    }
    await addLineCards(tx, userId, await insertNotes(tx, rows), now);
    return result;
  });
}
