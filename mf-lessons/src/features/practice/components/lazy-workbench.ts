// The editable code block (CodeMirror, the output panel, the runner's client hook) is its own chunk:
// fetched on the first interaction with runnable code, or when the page is idle, never in the lesson
// page's first load.
import { lazy } from 'react';

export const loadWorkbench = () => import('./code-workbench.tsx');

export const LazyWorkbench = lazy(loadWorkbench);
