// The page's idle time: what the lesson's first load does not need waits for it.
import { useEffect, useState } from 'react';

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `work` once the page is idle; answers a cancel. */
export function whenIdle(work: () => void): () => void {
  const w = window as IdleWindow;
  if (w.requestIdleCallback) {
    const handle = w.requestIdleCallback(work);
    return () => w.cancelIdleCallback?.(handle);
  }
  // a browser without requestIdleCallback (Safari) waits until the page has surely settled
  const timer = window.setTimeout(work, 3000);
  return () => window.clearTimeout(timer);
}

/** False until the page has been idle once. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
