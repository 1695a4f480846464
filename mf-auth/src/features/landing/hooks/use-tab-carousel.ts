import { useCallback, useEffect, useState } from 'react';

/** Landing tab carousel of spec 1 §9. */
export const CAROUSEL_INTERVAL_MS = 3000;

/** Why the carousel holds still: each must be clear for it to rotate (WCAG 2.2.2: pause, stop, hide). */
export interface PauseReasons {
  hovered: boolean;
  focused: boolean;
  /** the visitor pressed the pause control */
  stopped: boolean;
}

export const isRunning = (p: PauseReasons) => !p.hovered && !p.focused && !p.stopped;
export const nextIndex = (index: number, count: number) => (index + 1) % count;

/**
 * The active tab of `count`, advancing every `intervalMs` while nothing pauses it. The interval restarts
 * whenever the tab changes by hand or the carousel resumes, so a tab always gets its full time.
 */
export function useTabCarousel(count: number, intervalMs = CAROUSEL_INTERVAL_MS) {
  const [active, setActive] = useState(0);
  const [pause, setPause] = useState<PauseReasons>({ hovered: false, focused: false, stopped: false });
  const running = isRunning(pause);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `active` restarts the interval on every change
  useEffect(() => {
    if (!running || count < 2) return;
    const timer = setInterval(() => setActive((i) => nextIndex(i, count)), intervalMs);
    return () => clearInterval(timer);
  }, [running, count, intervalMs, active]);

  const hold = useCallback(
    (reason: keyof PauseReasons, on: boolean) =>
      setPause((p) => (p[reason] === on ? p : { ...p, [reason]: on })),
    [],
  );
  return { active, select: setActive, pause, running, hold };
}
