// The Sources feature as the learning plan sees it. The section loads after the plan has rendered: its
// forms and dialog are not part of the page's first load.
import { lazy } from 'react';

/** A goal's sources (the learner's own material): the list, Add source, Replace and Remove. */
export const SourcesSection = lazy(() => import('./components/sources-section.tsx'));
