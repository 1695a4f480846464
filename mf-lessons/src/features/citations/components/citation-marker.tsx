import { Link } from 'react-router';
import { type CitationTarget, markerName, noteHref } from '../utils/citation-targets.ts';
import { useCitations } from './citation-context.tsx';
import styles from './citations.module.css';

/** One cited number: a button opening its passage, a link to the note, or the lesson itself as text. */
function Marker({ n, target }: { n: number; target: CitationTarget | undefined }) {
  const citations = useCitations();
  const label = `[${n}]`;
  if (!target) {
    // a number naming no citation stays as written, marked (its paragraph carries the flag)
    return (
      <span className={styles.unknownMarker}>
        {label}
        <span className="visually-hidden"> (not a passage of your material)</span>
      </span>
    );
  }
  const name = markerName(target);
  if (target.kind === 'note') {
    return (
      <Link to={noteHref(target.id)} className={styles.marker} aria-label={name}>
        {label}
      </Link>
    );
  }
  if (target.kind === 'lesson' || !citations) {
    return (
      <span className={styles.plainMarker}>
        {label}
        <span className="visually-hidden"> ({name})</span>
      </span>
    );
  }
  return (
    <button
      type="button"
      className={styles.marker}
      aria-label={name}
      onClick={(event) => citations.openPassage(target.id, event.currentTarget)}
    >
      {label}
    </button>
  );
}

/** A marker of the text ([1] or [1, 2]): one control per number (a number written twice, once). */
export function CitationMarkers({ numbers }: { numbers: number[] }) {
  const citations = useCitations();
  return (
    <span className={styles.markers}>
      {[...new Set(numbers)].map((n) => (
        <Marker key={n} n={n} target={citations?.find(n)} />
      ))}
    </span>
  );
}
