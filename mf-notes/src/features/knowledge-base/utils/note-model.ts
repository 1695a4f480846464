import type { Note } from '@mindpath/contracts/notes';
import { parseTags } from '@mindpath/contracts/notes-logic';

/** A note with its tags as a list: the shape the shared note rules work on. */
export type NoteModel = Omit<Note, 'tags'> & { tags: string[] };

export const toNoteModel = (note: Note): NoteModel => ({ ...note, tags: parseTags(note.tags) });

/** Every tag with the number of notes holding it, most used first, then alphabetically. */
export function tagCounts(notes: readonly NoteModel[]): { tag: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const n of notes) for (const t of n.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1));
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
export const formatDate = (iso: string): string => dateFormat.format(new Date(iso));
