import { createLifecycles, pageRoutes } from '@mindpath/mf/lifecycles';
import KnowledgeGraphPage from './features/knowledge-base/components/knowledge-graph-page.tsx';

/** single-spa lifecycles of mf-notes: its pages in a MemoryRouter, for the standalone page and tests. */
export const lifecycles = createLifecycles({
  name: 'notes',
  defaultPath: '/knowledge-graph',
  routes: pageRoutes('notes', { KnowledgeGraphPage: <KnowledgeGraphPage /> }),
});

export const { bootstrap, mount, unmount } = lifecycles;
