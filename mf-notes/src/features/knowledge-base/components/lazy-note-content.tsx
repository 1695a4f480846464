import { lazy } from 'react';

const load = () => import('./note-content.tsx');

/** NoteContent, loaded when a note is first shown: the Markdown renderer (react-markdown, KaTeX,
 * highlight.js) stays out of the knowledge base's first load. */
export const LazyNoteContent = lazy(load);

/** Starts loading the renderer when a note is about to be opened (pointer on or focus in its link), so it
 * usually shows at once; the chunk is fetched once however often this is called. */
export function prefetchNoteContent(): void {
  load().catch(() => undefined);
}
