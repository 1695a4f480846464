import { useEffect, useRef } from 'react';
import { AUTO_GENERATION_DELAY_MS, type AutoGenerationGate, pageGate } from '../utils/auto-generation.ts';

export interface AutoGenerationInput {
  /** the section whose lessons should be generated now, if any */
  sectionId: string | null;
  /** something is being generated already */
  busy: boolean;
  /** when the plan was last loaded (a new load schedules a check) */
  loadedAt: number;
  start(sectionId: string): void;
  gate?: AutoGenerationGate;
}

/**
 * The auto-generation of spec 1 §4: checked 3 s after the plan loads and again when the tab becomes
 * visible; the gate keeps generations 10 s apart and each section to one try per 5 minutes.
 */
export function useAutoGeneration({
  sectionId,
  busy,
  loadedAt,
  start,
  gate = pageGate,
}: AutoGenerationInput) {
  const latest = useRef({ sectionId, busy, start, gate });
  latest.current = { sectionId, busy, start, gate };

  useEffect(() => {
    if (loadedAt === 0) return;
    const check = () => {
      const { sectionId: id, busy: working, start: go, gate: g } = latest.current;
      if (id && !working && g.tryStart(id)) go(id);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = setTimeout(check, AUTO_GENERATION_DELAY_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [loadedAt]);
}
