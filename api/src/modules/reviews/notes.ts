// A note in review: added and removed by the learner (the whole-note card); its `::` lines follow its content.
import type { NoteReview } from '@mindpath/contracts/reviews';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { findOwnNote } from '../notes/index.ts';
import { NOTE_NOT_FOUND } from '../notes/service.ts';
import { cardsOfUserNotes, deleteWholeNoteCard } from './repository.ts';
import { noteReview } from './service.ts';
import { syncNoteCards } from './sources.ts';

export async function noteReviews(db: Db, userId: string): Promise<NoteReview[]> {
  const byNote = new Map<string, NoteReview>();
  for (const c of await cardsOfUserNotes(db, userId)) {
    const entry = byNote.get(c.noteId) ?? { noteId: c.noteId, inReview: false, cards: 0 };
    entry.cards += 1;
    entry.inReview ||= c.sourceKind === 'note';
    byNote.set(c.noteId, entry);
  }
  return [...byNote.values()];
}

export async function addNoteToReview(
  db: Db,
  userId: string,
  noteId: string,
  now: Date,
): Promise<NoteReview> {
  return db.transaction(async (tx) => {
    const note = await findOwnNote(tx, userId, noteId);
    if (!note) throw notFound(NOTE_NOT_FOUND);
    await syncNoteCards(tx, userId, note, now, true);
    return noteReview(tx, userId, noteId);
  });
}

export async function removeNoteFromReview(db: Db, userId: string, noteId: string): Promise<NoteReview> {
  if (!(await findOwnNote(db, userId, noteId))) throw notFound(NOTE_NOT_FOUND);
  await deleteWholeNoteCard(db, userId, noteId);
  return noteReview(db, userId, noteId);
}
