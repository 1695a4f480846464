// The `pre` of lesson Markdown: a block in Python, SQL, JavaScript or TypeScript can be edited and run where
// it is read; any other stays read-only as before. This part is in the lesson page's first load, so it is
// small: it shows the highlighted code and a Run button, and the editable block (CodeMirror, the output,
// the runner) replaces it in place on the first interaction or once the page is idle.
import type { RunnableLanguage } from '@mindpath/runner/protocol';
import { Button } from '@mindpath/ui/button';
import { type ComponentPropsWithoutRef, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { loadRunner } from '../hooks/load-runner.ts';
import { useIdlePrefetch } from '../hooks/use-idle-prefetch.ts';
import { type CodeBlockInfo, codeBlockOf, type TreeNode } from '../utils/code-block.ts';
import { BlockToolbar } from './block-toolbar.tsx';
import { LazyWorkbench, loadWorkbench } from './lazy-workbench.ts';
import styles from './practice.module.css';

type PreProps = ComponentPropsWithoutRef<'pre'> & { node?: unknown };

export function RunnableCodeBlock({ node, children, ...props }: PreProps) {
  const block = codeBlockOf(node as TreeNode | undefined);
  if (!block.language) {
    // @mindpath/markdown's CodeBlock (not imported here: the renderer is a lazy chunk of its own): focusable,
    // so a keyboard scrolls a long line (WCAG 2.1.1)
    return (
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys
      <pre {...props} tabIndex={0}>
        {children}
      </pre>
    );
  }
  return (
    <RunnableBlock block={block} language={block.language}>
      {children}
    </RunnableBlock>
  );
}

interface Opened {
  /** Run was pressed: run once the editable block is here */
  run: boolean;
  focus: 'run' | 'editor' | null;
}

function RunnableBlock({
  block,
  language,
  children,
}: {
  block: CodeBlockInfo;
  language: RunnableLanguage;
  children: ReactNode;
}) {
  const runnable = block.cannotRun === null;
  const idleReady = useIdlePrefetch(runnable ? language : null);
  const [opened, setOpened] = useState<Opened | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const runButton = useRef<HTMLButtonElement>(null);

  // idle: the editor takes the place of the code; a learner already on the block stays where they are
  useEffect(() => {
    if (!idleReady) return;
    const active = document.activeElement;
    const on = frame.current?.contains(active) ? (active === runButton.current ? 'run' : 'editor') : null;
    setOpened((was) => was ?? { run: false, focus: on });
  }, [idleReady]);

  const open = (next: Opened) => {
    if (next.run) void loadRunner(language).catch(() => undefined);
    void loadWorkbench().catch(() => undefined);
    setOpened(next);
  };

  const readOnly = (
    <div ref={frame} className={styles.block} data-runnable={language}>
      <BlockToolbar language={language} runnable={runnable}>
        {runnable ? (
          <div className={styles.controls}>
            <Button ref={runButton} size="sm" onClick={() => open({ run: true, focus: 'run' })}>
              Run
            </Button>
          </div>
        ) : null}
      </BlockToolbar>
      {/* a click (not a text selection) or Enter opens the editor at once; Tab passes through. Focusable: a
          scrollable region must take focus to be scrolled by keys */}
      {/* biome-ignore-start lint/a11y/noNoninteractiveTabindex: see above */}
      {/* biome-ignore-start lint/a11y/noNoninteractiveElementInteractions: the editor replaces it; Run is the button */}
      <pre
        tabIndex={0}
        className={styles.code}
        onClick={() => {
          if (runnable && (window.getSelection()?.isCollapsed ?? true)) open({ run: false, focus: 'editor' });
        }}
        onKeyDown={(e) => {
          if (runnable && e.key === 'Enter') {
            e.preventDefault();
            open({ run: false, focus: 'editor' });
          }
        }}
      >
        {children}
      </pre>
      {/* biome-ignore-end lint/a11y/noNoninteractiveElementInteractions: see above */}
      {/* biome-ignore-end lint/a11y/noNoninteractiveTabindex: see above */}
      {runnable ? null : <p className={styles.cannotRun}>{block.cannotRun}</p>}
    </div>
  );

  if (!runnable || !opened) return readOnly;
  return (
    <Suspense fallback={readOnly}>
      <LazyWorkbench language={language} code={block.code} autoRun={opened.run} focus={opened.focus} />
    </Suspense>
  );
}
