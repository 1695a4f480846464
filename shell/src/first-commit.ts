import { lazy, useEffect } from 'react';

// What the shell's first render does not draw (the data layer, the remotes, the cookie banner, toasts) starts
// loading once that render is committed, so the first paint waits for none of it.

let open!: () => void;
const committed = new Promise<void>((resolve) => {
  open = resolve;
});

/** Lets the deferred loads start: after the first commit in the browser, at once for the prerender. */
export function markFirstCommit(): void {
  open();
}

/** Resolves once the first render is committed. */
export const afterFirstCommit = <T>(load: () => Promise<T>): Promise<T> => committed.then(load);

/** React.lazy whose import starts after the first commit. */
export const lazyAfterFirstCommit: typeof lazy = (load) => lazy(() => afterFirstCommit(load));

/** Rendered once at the root: its effect runs after the first commit. */
export function FirstCommit(): null {
  useEffect(markFirstCommit, []);
  return null;
}
