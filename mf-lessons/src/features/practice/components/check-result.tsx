// A check's verdict: "3 of 4 tests passed" and what each failed test said.
import type { TestOutcome } from '@mindpath/runner/protocol';
import { testsText } from '../utils/run-outcome.ts';
import styles from './exercise.module.css';

export function CheckResult({ outcome }: { outcome: TestOutcome }) {
  const passed = outcome.passed === outcome.total && outcome.total > 0;
  return (
    <div className={`${styles.verdict} ${passed ? styles.passed : styles.failed}`}>
      <p className={styles.verdictTitle}>
        {testsText(outcome)}
        {passed ? ': solved.' : '.'}
      </p>
      {outcome.failures.length > 0 ? (
        <ul className={styles.failures}>
          {outcome.failures.map((failure, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two tests may share a name
            <li key={i}>
              <span className={styles.failureName}>{failure.name}</span>
              {/* the runtime's or the comparison's words, shown as text */}
              <span className={styles.failureMessage}>{failure.message}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
