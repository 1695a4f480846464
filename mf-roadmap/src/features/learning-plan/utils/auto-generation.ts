// When the auto-generation of a section's lessons may start (spec 1 §4, §9).

/** the first check, after the plan has loaded */
export const AUTO_GENERATION_DELAY_MS = 3000;
/** no two generations start closer than this */
export const AUTO_GENERATION_THROTTLE_MS = 10_000;
/** a section is tried again only after this long */
export const SECTION_REPEAT_GUARD_MS = 300_000;

export class AutoGenerationGate {
  #lastStart = Number.NEGATIVE_INFINITY;
  readonly #tried = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  /** True (and remembered) when the section may be generated now. */
  tryStart(sectionId: string): boolean {
    const now = this.#now();
    if (now - this.#lastStart < AUTO_GENERATION_THROTTLE_MS) return false;
    const last = this.#tried.get(sectionId);
    if (last !== undefined && now - last < SECTION_REPEAT_GUARD_MS) return false;
    this.#lastStart = now;
    this.#tried.set(sectionId, now);
    return true;
  }
}

/** One gate for the page's lifetime, so leaving the screen and coming back keeps the 5-minute guard. */
export const pageGate = new AutoGenerationGate();
