import { notePreview } from '@mindpath/contracts/notes-logic';
import type { NoteReview } from '@mindpath/contracts/reviews';
import { countOf } from '@mindpath/ui/plural';
import { formatDate, type NoteModel } from '../utils/note-model.ts';
import styles from './knowledge-base.module.css';
import { prefetchNoteContent } from './lazy-note-content.tsx';

/** A note in the list: title (the link), a 150-character preview, tags, last edit and links count. */
export function NoteCard({
  note,
  links,
  review,
  onOpen,
}: {
  note: NoteModel;
  /** the note's review cards, when it has some */
  review?: NoteReview | undefined;
  /** connections of the note (links and backlinks) */
  links: number;
  onOpen: (id: string) => void;
}) {
  const preview = notePreview(note.content);
  return (
    <article className={`card stack ${styles.card}`}>
      {/* level 2: the cards sit right under the page's h1 (no skipped heading level) */}
      <h2 className={styles.cardTitle}>
        <a
          href={`?note=${note.id}`}
          className={styles.cardLink}
          onPointerEnter={prefetchNoteContent}
          onFocus={prefetchNoteContent}
          onClick={(e) => {
            e.preventDefault();
            onOpen(note.id);
          }}
        >
          {note.title}
        </a>
      </h2>
      <p className={preview ? styles.cardPreview : `${styles.cardPreview} ${styles.muted}`}>
        {preview || 'Empty note'}
      </p>
      {note.tags.length > 0 ? (
        <ul className={styles.tagRow} aria-label="Tags">
          {note.tags.slice(0, 6).map((t) => (
            <li key={t} className={styles.tag}>
              #{t}
            </li>
          ))}
          {note.tags.length > 6 ? <li className={styles.muted}>+{note.tags.length - 6}</li> : null}
        </ul>
      ) : null}
      <p className={styles.cardMeta}>
        <span>{formatDate(note.updatedAt)}</span>
        {review && review.cards > 0 ? (
          <span>In review · {countOf(review.cards, 'card', 'cards')}</span>
        ) : null}
        {links > 0 ? <span>{countOf(links, 'link', 'links')}</span> : null}
      </p>
    </article>
  );
}
