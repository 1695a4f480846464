// A lesson's runnable example once it is editable: the editor, Reset / Stop / Run, and the output panel.
// Same frame and toolbar as the read-only view it replaces (runnable-code-block.tsx), so nothing moves.
import type { RunnableLanguage } from '@mindpath/runner/protocol';
import { useLessonPractice } from '@mindpath/sdk/exercises-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLessonId } from '../hooks/lesson-context.ts';
import { isWarm } from '../hooks/load-runner.ts';
import { useRunner } from '../hooks/use-runner.ts';
import { LANGUAGE_NAMES } from '../utils/code-block.ts';
import { keysHint } from '../utils/keys.ts';
import { startingText } from '../utils/run-outcome.ts';
import { BlockToolbar } from './block-toolbar.tsx';
import CodeEditor from './code-editor.tsx';
import styles from './practice.module.css';
import { RunControls } from './run-controls.tsx';
import { RunOutput } from './run-output.tsx';

export interface CodeWorkbenchProps {
  language: RunnableLanguage;
  /** the lesson's code: Reset comes back to it */
  code: string;
  /** Run was pressed before the editor was here: run as soon as it can */
  autoRun?: boolean;
  /** where the learner's focus was in the read-only view, to put it back in the same place */
  focus?: 'run' | 'editor' | null;
}

export default function CodeWorkbench({
  language,
  code: lessonCode,
  autoRun = false,
  focus = null,
}: CodeWorkbenchProps) {
  const name = LANGUAGE_NAMES[language];
  const lessonId = useLessonId();
  // a SQL example reads the lesson's tables (customers, orders, …): its setup comes with the lesson's practice
  const practice = useLessonPractice(language === 'sql' && lessonId ? lessonId : undefined);
  const setupPending = language === 'sql' && practice.isLoading;
  const setup = practice.data?.setup ?? null;
  const [code, setCode] = useState(lessonCode);
  const [ran, setRan] = useState(false);
  const runner = useRunner(language);
  const codeNow = useRef(code);
  codeNow.current = code;

  const run = useCallback(() => {
    if (setupPending) return;
    setRan(true);
    void runner.run(codeNow.current, { setup });
  }, [runner, setup, setupPending]);

  const autoRan = useRef(false);
  useEffect(() => {
    if (autoRun && !autoRan.current && !setupPending) {
      autoRan.current = true;
      run();
    }
  }, [autoRun, setupPending, run]);

  const reset = () => {
    setCode(lessonCode);
    setRan(false);
    void runner.reset();
  };

  return (
    <div className={styles.block} data-runnable={language}>
      <BlockToolbar language={language}>
        <RunControls
          phase={runner.phase}
          onRun={run}
          onStop={runner.stop}
          onReset={reset}
          runDisabled={setupPending}
          focusRun={focus === 'run'}
        />
      </BlockToolbar>
      <CodeEditor
        value={code}
        language={language}
        label={`Example code, ${name}`}
        description={keysHint()}
        onChange={setCode}
        onRun={run}
        autoFocus={focus === 'editor'}
      />
      {ran ? (
        <RunOutput
          outcome={runner.outcome}
          running={runner.phase !== 'idle'}
          starting={runner.cold && !isWarm(language) ? startingText(language) : null}
          unavailable={runner.unavailable}
        />
      ) : null}
    </div>
  );
}
