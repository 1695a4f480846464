import type {
  CreateNote,
  ImportNotes,
  ImportNotesResult,
  Note,
  NoteConnection,
  UpdateNote,
} from '@mindpath/contracts/notes';
import { fetchJson } from './http.ts';

/** The notes calls (spec 2 §7): list, create, update, delete, connections; plus the import of an export. */
export const notesApi = {
  list: () => fetchJson<Note[]>('GET', '/notes'),
  connections: () => fetchJson<NoteConnection[]>('GET', '/notes/connections'),
  create: (body: CreateNote) => fetchJson<Note>('POST', '/notes', body),
  update: (id: string, body: UpdateNote) => fetchJson<Note>('PUT', `/notes/${encodeURIComponent(id)}`, body),
  remove: (id: string) => fetchJson<unknown>('DELETE', `/notes/${encodeURIComponent(id)}`),
  import: (body: ImportNotes) => fetchJson<ImportNotesResult>('POST', '/notes/import', body),
};
