// Hints in steps: hint 1, hint 2, then the solution, each shown only when the learner asks.

/** `shown` counts the steps revealed: 0 none, 1..hints the hints, hints + 1 the solution too. */
export interface HintProgress {
  hints: number;
  shown: number;
}

export type HintStep = { kind: 'hint'; number: number } | { kind: 'solution' };

/** The next step the learner can ask for, or null when the solution is already shown. */
export function nextStep({ hints, shown }: HintProgress): HintStep | null {
  if (shown < hints) return { kind: 'hint', number: shown + 1 };
  if (shown === hints) return { kind: 'solution' };
  return null;
}

/** The button that reveals the next step: "Show hint 1", "Show hint 2", "Show solution". */
export function stepLabel(step: HintStep): string {
  return step.kind === 'hint' ? `Show hint ${step.number}` : 'Show solution';
}

/** One more step revealed (never past the solution). */
export function reveal(progress: HintProgress): HintProgress {
  return { ...progress, shown: Math.min(progress.shown + 1, progress.hints + 1) };
}

/** What an attempt records: the hints seen (0–2), and whether the solution was. */
export function hintsUsed({ hints, shown }: HintProgress): number {
  return Math.min(shown, hints);
}

export function solutionShown({ hints, shown }: HintProgress): boolean {
  return shown > hints;
}

/** "No hints used" / "1 hint used" / "2 hints used and the solution shown". */
export function usageText(progress: HintProgress): string {
  const used = hintsUsed(progress);
  const hints = used === 0 ? 'No hints used' : `${used} hint${used === 1 ? '' : 's'} used`;
  return solutionShown(progress) ? `${hints}, solution shown` : hints;
}
