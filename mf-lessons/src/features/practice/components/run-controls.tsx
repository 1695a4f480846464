// Reset, Stop (while the code runs) and Run, then whatever an exercise adds (Check). Focus never falls to the
// page: Run stays in place while the code runs (it only says so), and Stop hands focus back to Run.
import { Button } from '@mindpath/ui/button';
import { type ReactNode, useEffect, useRef } from 'react';
import type { RunnerPhase } from '../hooks/use-runner.ts';
import styles from './practice.module.css';

export interface RunControlsProps {
  phase: RunnerPhase;
  onRun(): void;
  onStop(): void;
  onReset(): void;
  /** what Run is called for a screen reader ("Run the example") */
  runLabel?: string;
  /** e.g. the exercise's Check, after Run */
  children?: ReactNode;
  /** Run is not possible yet (the lesson's tables are still being read) */
  runDisabled?: boolean;
  /** focus Run once mounted (the learner pressed Run before the editor was here) */
  focusRun?: boolean;
  /** an exercise's Run is secondary to its Check */
  runVariant?: 'primary' | 'secondary';
}

export function RunControls({
  phase,
  onRun,
  onStop,
  onReset,
  runLabel,
  children,
  runDisabled = false,
  focusRun = false,
  runVariant = 'primary',
}: RunControlsProps) {
  const run = useRef<HTMLButtonElement>(null);
  const stop = useRef<HTMLButtonElement>(null);
  const busy = phase !== 'idle';
  const stopHadFocus = useRef(false);

  useEffect(() => {
    if (focusRun) run.current?.focus();
  }, [focusRun]);

  // when the run ends, Stop goes away: the learner who was on it lands on Run again
  useEffect(() => {
    if (!busy && stopHadFocus.current) {
      stopHadFocus.current = false;
      run.current?.focus();
    }
  }, [busy]);

  return (
    <div className={styles.controls}>
      <Button size="sm" variant="ghost" onClick={onReset} disabled={busy}>
        Reset
      </Button>
      {busy ? (
        <Button
          ref={stop}
          size="sm"
          variant="secondary"
          onClick={onStop}
          onFocus={() => {
            stopHadFocus.current = true;
          }}
          onBlur={() => {
            stopHadFocus.current = false;
          }}
        >
          Stop
        </Button>
      ) : null}
      <Button
        ref={run}
        size="sm"
        variant={runVariant}
        // aria-disabled, not disabled: a button that disables itself under the learner's focus drops it
        aria-disabled={busy || runDisabled || undefined}
        aria-label={runLabel}
        onClick={() => {
          if (!busy && !runDisabled) onRun();
        }}
        className={busy || runDisabled ? styles.waiting : undefined}
      >
        {phase === 'running' ? 'Running…' : 'Run'}
      </Button>
      {children}
    </div>
  );
}
