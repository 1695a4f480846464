import type { Note } from '@mindpath/contracts/notes';
import { Link } from 'react-router';
import styles from './home.module.css';

const LATEST = 3;

/** The learner's most recently changed notes, newest first. */
export function LatestNotes({ notes }: { notes: Note[] }) {
  const latest = [...notes].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, LATEST);
  if (latest.length === 0)
    return (
      <p className={styles.muted}>
        No notes yet. Select text in a lesson and choose Create Note to keep what matters.
      </p>
    );
  return (
    <>
      <ul className={styles.noteList}>
        {latest.map((note) => (
          <li key={note.id}>
            <p className={styles.noteTitle}>{note.title}</p>
            <p className={styles.muted}>
              {new Date(note.updatedAt).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}
            </p>
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <Link to="/knowledge-graph" className={styles.muted}>
          All notes in the Knowledge Base
        </Link>
      </div>
    </>
  );
}
