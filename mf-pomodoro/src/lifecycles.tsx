import { createLifecycles } from '@mindpath/mf/lifecycles';
import FocusTimer from './features/focus-timer/components/focus-timer.tsx';

/** single-spa lifecycles of mf-pomodoro: its pages in a MemoryRouter, for the standalone page and tests. */
export const lifecycles = createLifecycles({
  name: 'pomodoro',
  defaultPath: '/',
  routes: [{ path: '/', element: <FocusTimer /> }],
});

export const { bootstrap, mount, unmount } = lifecycles;
