// The bar above a runnable block (a lesson's example, an exercise, a Solve again card): its language, the keys
// that run it when it runs here, then its buttons.
import type { RunnableLanguage } from '@mindpath/runner/protocol';
import type { ReactNode } from 'react';
import { LANGUAGE_NAMES } from '../utils/code-block.ts';
import { keysHint } from '../utils/keys.ts';
import styles from './practice.module.css';

export function BlockToolbar({
  language,
  runnable = true,
  children,
}: {
  language: RunnableLanguage;
  /** false: code that cannot run here has no keys to run it, nor buttons */
  runnable?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className={styles.toolbar}>
      <span className={styles.language}>{LANGUAGE_NAMES[language]}</span>
      {runnable ? <span className={styles.keys}>{keysHint()}</span> : null}
      {children}
    </div>
  );
}
