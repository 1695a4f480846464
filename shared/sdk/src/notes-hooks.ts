import type { CreateNote, ImportNotes, Note, UpdateNote } from '@mindpath/contracts/notes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIsAuthenticated } from './hooks.ts';
import { notesApi } from './notes-api.ts';
import { queryKeys } from './query-keys.ts';

export function useNotes() {
  const authenticated = useIsAuthenticated();
  return useQuery({ queryKey: queryKeys.notes, queryFn: notesApi.list, enabled: authenticated });
}

export function useNoteConnections() {
  const authenticated = useIsAuthenticated();
  return useQuery({
    queryKey: queryKeys.noteConnections,
    queryFn: notesApi.connections,
    enabled: authenticated,
  });
}

/** After any change: the list at once from the answer, then notes, connections and reviews refetched. */
function useNotesChanged() {
  const client = useQueryClient();
  return (update?: (notes: Note[]) => Note[]) => {
    if (update) client.setQueryData<Note[]>(queryKeys.notes, (old) => (old ? update(old) : old));
    // a note's `Question :: Answer` lines are review cards: the due counts follow its edits
    void client.invalidateQueries({ queryKey: queryKeys.reviews });
    return client.invalidateQueries({ queryKey: queryKeys.notes });
  };
}

export function useCreateNote() {
  const changed = useNotesChanged();
  return useMutation({
    mutationFn: (body: CreateNote) => notesApi.create(body),
    onSuccess: (note) => changed((notes) => [note, ...notes]),
  });
}

export function useUpdateNote() {
  const changed = useNotesChanged();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateNote & { id: string }) => notesApi.update(id, body),
    onSuccess: (note) => changed((notes) => [note, ...notes.filter((n) => n.id !== note.id)]),
  });
}

export function useDeleteNote() {
  const changed = useNotesChanged();
  return useMutation({
    mutationFn: (id: string) => notesApi.remove(id),
    onSuccess: (_, id) => changed((notes) => notes.filter((n) => n.id !== id)),
  });
}

export function useImportNotes() {
  const changed = useNotesChanged();
  return useMutation({
    mutationFn: (body: ImportNotes) => notesApi.import(body),
    onSuccess: () => changed(),
  });
}
