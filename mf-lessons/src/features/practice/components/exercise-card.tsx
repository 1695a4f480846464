// One exercise: its task, visible examples, the editor with the starter code, Run and Check (the hidden
// tests, run here in the browser), hints in steps. Each Check is an attempt, handed to `onAttempt`.
import type { AttemptBody, ExerciseSpec } from '@mindpath/contracts/exercises';
import { Markdown } from '@mindpath/markdown';
import type { TestOutcome } from '@mindpath/runner/protocol';
import { Button } from '@mindpath/ui/button';
import { Suspense, useId, useRef, useState } from 'react';
import { isWarm } from '../hooks/load-runner.ts';
import { useIdlePrefetch } from '../hooks/use-idle-prefetch.ts';
import { useRunner } from '../hooks/use-runner.ts';
import { attemptOf } from '../utils/attempt.ts';
import { LANGUAGE_NAMES } from '../utils/code-block.ts';
import { type HintProgress, reveal } from '../utils/hint-steps.ts';
import { keysHint } from '../utils/keys.ts';
import { startingText } from '../utils/run-outcome.ts';
import { BlockToolbar } from './block-toolbar.tsx';
import { CheckResult } from './check-result.tsx';
import styles from './exercise.module.css';
import { HintSteps } from './hint-steps.tsx';
import { LazyCodeEditor, loadEditor } from './lazy-editor.ts';
import blockStyles from './practice.module.css';
import { RunControls } from './run-controls.tsx';
import { RunOutput } from './run-output.tsx';

export type PracticeExercise = Pick<
  ExerciseSpec,
  'title' | 'task' | 'language' | 'starterCode' | 'examples' | 'tests' | 'hints' | 'solution'
> & { id: string };

export interface ExerciseCardProps {
  exercise: PracticeExercise;
  /** sql: the lesson's tables; undefined while they are still being read */
  setup: string | null | undefined;
  /** the heading's words, e.g. "Exercise 1: Customers and their orders" */
  heading: string;
  headingLevel?: 2 | 3;
  /** solved before (the learner's result so far) */
  solved?: boolean;
  onAttempt?(attempt: AttemptBody, outcome: TestOutcome): void;
}

export function ExerciseCard({
  exercise,
  setup,
  heading,
  headingLevel = 3,
  solved = false,
  onAttempt,
}: ExerciseCardProps) {
  const name = LANGUAGE_NAMES[exercise.language];
  const titleId = useId();
  const [code, setCode] = useState(exercise.starterCode);
  const [ran, setRan] = useState(false);
  const [verdict, setVerdict] = useState<TestOutcome | null>(null);
  const [hints, setHints] = useState<HintProgress>({ hints: exercise.hints.length, shown: 0 });
  const runner = useRunner(exercise.language);
  // the editor (CodeMirror) comes on the first click into the code, or once the page is idle
  const idleReady = useIdlePrefetch(exercise.language, loadEditor);
  const [editorWanted, setEditorWanted] = useState<'focus' | 'quiet' | null>(null);
  const wantEditor = (how: 'focus' | 'quiet') => {
    void loadEditor().catch(() => undefined);
    setEditorWanted((was) => was ?? how);
  };
  // an attempt's time: from the card's first showing, then from the previous Check
  const since = useRef(Date.now());
  const codeNow = useRef(code);
  codeNow.current = code;
  const setupPending = exercise.language === 'sql' && setup === undefined;
  const options = { setup: setup ?? null };

  const run = () => {
    if (setupPending) return;
    wantEditor('quiet');
    setRan(true);
    void runner.run(codeNow.current, options);
  };

  const check = async () => {
    if (setupPending || runner.phase !== 'idle') return;
    wantEditor('quiet');
    setRan(true);
    setVerdict(null);
    const outcome = await runner.check(codeNow.current, exercise.tests, options);
    if (!outcome) return;
    setVerdict(outcome);
    const attempt = attemptOf(outcome, hints, Date.now() - since.current);
    if (attempt) {
      since.current = Date.now();
      onAttempt?.(attempt, outcome);
    }
  };

  const reset = () => {
    setCode(exercise.starterCode);
    setRan(false);
    setVerdict(null);
    void runner.reset();
  };

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // the starter code as text until the editor is here: a click or Enter brings the editor at once
  const readOnly = (
    // biome-ignore-start lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys
    // biome-ignore-start lint/a11y/noNoninteractiveElementInteractions: the editor replaces it; Run and Check are the buttons
    <pre
      className={blockStyles.code}
      tabIndex={0}
      onClick={() => {
        if (window.getSelection()?.isCollapsed ?? true) wantEditor('focus');
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          wantEditor('focus');
        }
      }}
    >
      {code}
    </pre>
    // biome-ignore-end lint/a11y/noNoninteractiveElementInteractions: see above
    // biome-ignore-end lint/a11y/noNoninteractiveTabindex: see above
  );
  return (
    <article className={styles.exercise} aria-labelledby={titleId}>
      <header className={styles.header}>
        <Heading id={titleId} className={styles.title}>
          {heading}
        </Heading>
        {solved ? <span className={styles.solved}>Solved</span> : null}
      </header>
      {/* the task is a model's or a kit's Markdown: the sanitized renderer */}
      <Markdown markdown={exercise.task} />
      {exercise.examples.length > 0 ? (
        <div className={styles.examples}>
          {exercise.examples.map((example, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: examples are fixed and in order
            <div key={i} className={styles.example}>
              <p className={styles.exampleTitle}>
                {exercise.examples.length > 1 ? `Example ${i + 1}` : 'Example'}
              </p>
              <dl className={styles.exampleBody}>
                <dt>Input</dt>
                <dd>
                  <pre>{example.input}</pre>
                </dd>
                <dt>Output</dt>
                <dd>
                  <pre>{example.output}</pre>
                </dd>
              </dl>
            </div>
          ))}
        </div>
      ) : null}
      <div className={blockStyles.block} data-runnable={exercise.language}>
        <BlockToolbar language={exercise.language}>
          <RunControls
            phase={runner.phase}
            onRun={run}
            onStop={runner.stop}
            onReset={reset}
            runDisabled={setupPending}
            runVariant="secondary"
          >
            <Button
              size="sm"
              aria-disabled={runner.phase !== 'idle' || setupPending || undefined}
              className={runner.phase !== 'idle' || setupPending ? blockStyles.waiting : undefined}
              onClick={() => void check()}
            >
              {runner.phase === 'checking' ? 'Checking…' : 'Check'}
            </Button>
          </RunControls>
        </BlockToolbar>
        {editorWanted || idleReady ? (
          <Suspense fallback={readOnly}>
            <LazyCodeEditor
              value={code}
              language={exercise.language}
              label={`Your solution to ${exercise.title}, ${name}`}
              description={keysHint()}
              onChange={setCode}
              onRun={run}
              autoFocus={editorWanted === 'focus'}
            />
          </Suspense>
        ) : (
          readOnly
        )}
        {ran ? (
          <RunOutput
            outcome={runner.outcome}
            running={runner.phase !== 'idle'}
            busyText={runner.phase === 'checking' ? 'Checking your code against the tests…' : undefined}
            starting={runner.cold && !isWarm(exercise.language) ? startingText(exercise.language) : null}
            unavailable={runner.unavailable}
          />
        ) : null}
      </div>
      <div aria-live="polite">{verdict ? <CheckResult outcome={verdict} /> : null}</div>
      <HintSteps
        hints={exercise.hints}
        solution={exercise.solution}
        progress={hints}
        onReveal={() => setHints(reveal)}
      />
    </article>
  );
}
