import { lazy } from 'react';

/** NoteContent, loaded when a note is first shown: the Markdown renderer (react-markdown, KaTeX,
 * highlight.js) stays out of the knowledge base's first load. */
export const LazyNoteContent = lazy(() => import('./note-content.tsx'));
