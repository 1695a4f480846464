import { useId } from 'react';
import { Link } from 'react-router';
import { type CitationTarget, noteHref, sourceLine } from '../utils/citation-targets.ts';
import styles from './citations.module.css';

/** "Sources" under a tutor's answer: a passage opens in the viewer, a note in the knowledge base. */
export function ChatCitations({
  targets,
  openPassage,
}: {
  targets: readonly CitationTarget[];
  openPassage: (passageId: string, from: HTMLElement) => void;
}) {
  const headingId = useId();
  if (targets.length === 0) return null;
  return (
    <div className={styles.sources}>
      <p id={headingId} className={styles.sourcesTitle}>
        Sources
      </p>
      <ul aria-labelledby={headingId} className={styles.sourceList}>
        {targets.map((t) => (
          <li key={t.n}>
            {t.kind === 'passage' ? (
              <button
                type="button"
                className={styles.sourceButton}
                onClick={(event) => openPassage(t.id, event.currentTarget)}
              >
                {sourceLine(t)}
              </button>
            ) : t.kind === 'note' ? (
              <Link to={noteHref(t.id)} className={styles.sourceButton}>
                {sourceLine(t)}
              </Link>
            ) : (
              <span className={styles.sourceLesson}>{sourceLine(t)}</span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
