import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { CitationTarget } from '../utils/citation-targets.ts';

interface Citations {
  find: (n: number) => CitationTarget | undefined;
  /** opens a passage in the viewer; `from` gets the focus back when it closes */
  openPassage: (passageId: string, from: HTMLElement) => void;
}

const CitationContext = createContext<Citations | null>(null);

/** What the markers of the Markdown inside name, and how a passage is opened (a lesson's or an answer's). */
export function CitationProvider({
  targets,
  openPassage,
  children,
}: {
  targets: readonly CitationTarget[];
  openPassage: (passageId: string, from: HTMLElement) => void;
  children: ReactNode;
}) {
  const value = useMemo(() => {
    const byNumber = new Map(targets.map((t) => [t.n, t]));
    return { find: (n: number) => byNumber.get(n), openPassage };
  }, [targets, openPassage]);
  return <CitationContext value={value}>{children}</CitationContext>;
}

export function useCitations(): Citations | null {
  return useContext(CitationContext);
}
