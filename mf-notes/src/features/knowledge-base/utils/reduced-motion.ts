/**
 * The learner's prefers-reduced-motion, for the motion CSS cannot reach (the graph's canvas): its pans and
 * zooms jump instead of gliding, and its layout settles before the first paint instead of drifting on screen.
 */
export const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** An animation's duration, 0 when the learner asked for less motion. */
export const motionMs = (ms: number) => (prefersReducedMotion() ? 0 : ms);
