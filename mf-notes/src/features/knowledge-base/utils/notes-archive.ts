import type { ImportNote, Note } from '@mindpath/contracts/notes';
import { markdownToImportNote, noteFileNames, noteToMarkdown } from '@mindpath/contracts/notes-markdown';

/** Every note as a Markdown file in one zip (fflate, loaded only when exporting or importing). */
export async function notesToZip(notes: readonly Note[]): Promise<Uint8Array> {
  const { strToU8, zipSync } = await import('fflate');
  const names = noteFileNames(notes);
  const files: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const note of notes) {
    files[names.get(note.id)!] = [strToU8(noteToMarkdown(note)), { mtime: new Date(note.updatedAt) }];
  }
  return zipSync(files, { level: 6 });
}

/** The notes of a zip of Markdown files (an export, or a vault): every .md file, folders flattened. */
export async function zipToNotes(zip: Uint8Array): Promise<ImportNote[]> {
  const { strFromU8, unzipSync } = await import('fflate');
  const files = unzipSync(zip, {
    filter: (f) => /\.(md|markdown)$/i.test(f.name) && !f.name.split('/').some((p) => p.startsWith('.')),
  });
  return Object.entries(files)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, bytes]) => markdownToImportNote(name, strFromU8(bytes)));
}

export const exportFileName = (now = new Date()) => `mindpath-notes-${now.toISOString().slice(0, 10)}.zip`;
