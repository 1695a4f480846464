import {
  type CreateNote,
  type ImportNotes,
  ImportNotesResultSchema,
  NoteConnectionSchema,
  NoteSchema,
  type UpdateNote,
} from '@mindpath/contracts/notes';
import { z } from 'zod';
import { request } from './http.ts';

/** The notes calls (spec 2 §7): list, create, update, delete, connections; plus the import of an export. */
export const notesApi = {
  list: () => request('GET', '/notes', z.array(NoteSchema)),
  connections: () => request('GET', '/notes/connections', z.array(NoteConnectionSchema)),
  create: (body: CreateNote) => request('POST', '/notes', NoteSchema, body),
  update: (id: string, body: UpdateNote) =>
    request('PUT', `/notes/${encodeURIComponent(id)}`, NoteSchema, body),
  remove: (id: string) => request('DELETE', `/notes/${encodeURIComponent(id)}`, z.unknown()),
  import: (body: ImportNotes) => request('POST', '/notes/import', ImportNotesResultSchema, body),
};
