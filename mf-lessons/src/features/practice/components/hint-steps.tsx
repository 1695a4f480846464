// Hints in steps: "Show hint 1", "Show hint 2", then "Show solution", each revealed when asked; what was
// revealed stays, and the count goes with the next Check.
import { Markdown } from '@mindpath/markdown';
import { Button } from '@mindpath/ui/button';
import {
  type HintProgress,
  hintsUsed,
  nextStep,
  solutionShown,
  stepLabel,
  usageText,
} from '../utils/hint-steps.ts';
import styles from './exercise.module.css';

export function HintSteps({
  hints,
  solution,
  progress,
  onReveal,
}: {
  hints: readonly string[];
  solution: string;
  progress: HintProgress;
  onReveal(): void;
}) {
  const next = nextStep(progress);
  const shown = hintsUsed(progress);
  return (
    <div className={styles.hints}>
      <div aria-live="polite" className={styles.revealed}>
        {hints.slice(0, shown).map((hint, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: hints are revealed in their order and never change
          <div key={i} className={styles.hint}>
            <p className={styles.hintTitle}>Hint {i + 1}</p>
            {/* a model's text: the sanitized renderer, never raw HTML */}
            <Markdown markdown={hint} />
          </div>
        ))}
        {solutionShown(progress) ? (
          <div className={styles.hint}>
            <p className={styles.hintTitle}>Solution</p>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long line scrolls: keys must reach it */}
            <pre className={styles.solution} tabIndex={0}>
              {solution}
            </pre>
          </div>
        ) : null}
      </div>
      <div className={styles.hintActions}>
        {next ? (
          <Button size="sm" variant="secondary" onClick={onReveal}>
            {stepLabel(next)}
          </Button>
        ) : null}
        <span className={styles.muted}>{usageText(progress)}</span>
      </div>
    </div>
  );
}
