// Notes and the knowledge base (spec 2 §3, §5, §7, §8, §9). The rules that both the API and the UI apply
// (tags, [[links]], connections, search, preview) are pure functions in notes-logic.ts.
import { z } from 'zod';
import { NOTE_CONTENT_MAX, NOTE_MESSAGES, NOTE_TITLE_MAX, NOTES_IMPORT_MAX } from './notes-constants.ts';

/** A note as the API answers it. `tags` is JSON text holding an array of lower-case tags (spec 2 §3). */
export const NoteSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  content: z.string(),
  lessonId: z.uuid().nullable(),
  tags: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;

/**
 * The tags field of a create/update: JSON text of an array (the spec's shape) or the array itself. Anything
 * else, or an array that yields no tag, is "not a valid non-empty tags field" and the content's #tags apply.
 */
const TagsFieldSchema = z.union([z.string().max(10_000), z.array(z.string().max(200)).max(500)]).nullish();

const title = z.string().trim().min(1, NOTE_MESSAGES.titleRequired).max(NOTE_TITLE_MAX);
const content = z.string().max(NOTE_CONTENT_MAX);

export const CreateNoteSchema = z.object({
  title,
  content: content.default(''),
  lessonId: z.uuid().nullish(),
  tags: TagsFieldSchema,
});
export type CreateNote = z.input<typeof CreateNoteSchema>;

/** An edit: content left out keeps the stored content; tags left out keep explicit tags. */
export const UpdateNoteSchema = z.object({
  title,
  content: content.optional(),
  tags: TagsFieldSchema,
});
export type UpdateNote = z.input<typeof UpdateNoteSchema>;

/**
 * An edge of the knowledge graph (spec 2 §3: sourceId, targetId, strength), one per pair of notes.
 * `kind` says where it comes from: a [[link]] (sourceId is the linking note; for links both ways, the older
 * note) or only shared tags (sourceId is the older note). Strength: see connectionStrength in notes-logic.ts.
 */
export const NoteConnectionSchema = z.object({
  sourceId: z.uuid(),
  targetId: z.uuid(),
  strength: z.number().min(0).max(1),
  kind: z.enum(['link', 'tags']),
});
export type NoteConnection = z.infer<typeof NoteConnectionSchema>;

/** One note of an import (a Markdown file of an export); dates kept when present. */
export const ImportNoteSchema = z.object({
  title,
  content,
  tags: z.array(z.string().max(200)).max(500).default([]),
  lessonId: z.uuid().nullish(),
  createdAt: z.iso.datetime({ offset: true }).nullish(),
  updatedAt: z.iso.datetime({ offset: true }).nullish(),
});
export type ImportNote = z.input<typeof ImportNoteSchema>;

export const ImportNotesSchema = z.object({
  notes: z.array(ImportNoteSchema).max(NOTES_IMPORT_MAX),
});
export type ImportNotes = z.input<typeof ImportNotesSchema>;

/**
 * What an import did: a note whose title and content match one the learner has is skipped; a note whose
 * title is taken by different content is kept under "<title> (imported)", so nothing saved is lost.
 */
export const ImportNotesResultSchema = z.object({
  created: z.number().int().min(0),
  skipped: z.number().int().min(0),
  renamed: z.number().int().min(0),
});
export type ImportNotesResult = z.infer<typeof ImportNotesResultSchema>;

/**
 * Props of mf-notes' `./CreateNoteDialog` (loaded through federation, e.g. by the lesson page's selection
 * menu). It is open while mounted; the title is prefilled with the first 30 characters of the selection.
 */
export interface CreateNoteDialogProps {
  /** the selected text: the note's content and the source of its prefilled title */
  selection: string;
  /** the lesson the selection comes from */
  lessonId?: string | null;
  /** Escape, Cancel, the close button, and after a successful create */
  onClose: () => void;
  onCreated?: (note: Note) => void;
}
export type CreateNoteDialogModule = { default: (props: CreateNoteDialogProps) => unknown };
