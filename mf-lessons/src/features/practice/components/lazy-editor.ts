// The code editor alone (CodeMirror) as its own chunk, for an exercise: the exercises come with the lesson
// page, the editor only on the first interaction or once the page is idle.
import { lazy } from 'react';

export const loadEditor = () => import('./code-editor.tsx');

export const LazyCodeEditor = lazy(loadEditor);
