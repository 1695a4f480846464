// The constants and messages of notes, apart from the zod schemas so a page can use them without zod.

/** spec 2 §9 */
export const NOTE_PREVIEW_LENGTH = 150;
/** spec 2 §2: Create Note prefills the title with the first 30 characters of the selection */
export const NOTE_TITLE_PREFILL_LENGTH = 30;
export const NOTE_TITLE_MAX = 200;
export const NOTE_CONTENT_MAX = 100_000;
export const NOTE_TAG_MAX = 50;
export const NOTE_TAGS_MAX = 50;
/** the most notes one import may carry */
export const NOTES_IMPORT_MAX = 5_000;

/** spec 2 §5 and §8: every user-visible message of notes, word for word */
export const NOTE_MESSAGES = {
  titleRequired: 'Note title is required',
  createFailed: 'Failed to create note. Please try again.',
  loadFailed: 'Failed to load knowledge base data',
  saveFailed: 'Failed to save note. Please try again.',
  deleteFailed: 'Failed to delete note. Please try again.',
  deleteConfirm: 'Are you sure you want to delete this note?',
  noResults: (query: string) => `No results found for "${query}"`,
} as const;
