import { CITATION_MESSAGES, type CitationIssueKind } from '@mindpath/contracts/citations-constants';
import styles from './citations.module.css';

const WarningIcon = () => (
  <svg
    width="14"
    height="14"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M12 3 2 21h20L12 3z" />
    <path d="M12 10v5M12 18h.01" />
  </svg>
);

export const isIssueKind = (value: unknown): value is CitationIssueKind =>
  typeof value === 'string' && Object.hasOwn(CITATION_MESSAGES, value);

/** The note under a paragraph whose source is not shown: it stays in the lesson, said to be unsourced. */
export function CitationFlag({ kind }: { kind: CitationIssueKind }) {
  return (
    <span className={styles.flag} data-testid="citation-flag">
      <WarningIcon />
      <span>{CITATION_MESSAGES[kind]}</span>
    </span>
  );
}
