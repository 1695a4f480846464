import { NOTE_MESSAGES } from '@mindpath/contracts/notes-constants';
import { backlinks, notePreview, outgoingLinks, titleKey } from '@mindpath/contracts/notes-logic';
import { useDeleteNote } from '@mindpath/sdk/notes-hooks';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { Notification } from '@mindpath/ui/notification';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { backlinkContext } from '../utils/backlink-context.ts';
import { formatDate, type NoteModel } from '../utils/note-model.ts';
import styles from './knowledge-base.module.css';
import { LazyNoteContent } from './lazy-note-content.tsx';
import { NoteReviewAction, NoteReviewBadge, useNoteReviewMap } from './note-review.tsx';

interface NoteViewProps {
  note: NoteModel;
  notes: NoteModel[];
  index: Map<string, NoteModel>;
  onOpen: (id: string) => void;
  onEdit: () => void;
  onCreate: (title: string) => void;
  onTag: (tag: string) => void;
  onBack: () => void;
}

/** Where a backlinking note mentions this one: the [[link]] in its sentence. */
function BacklinkPreview({ content, title }: { content: string; title: string }) {
  const context = backlinkContext(content, title);
  if (!context) return <span className={styles.linkItemPreview}>{notePreview(content, 80)}</span>;
  return (
    <span className={styles.linkItemPreview}>
      {context.before}
      <mark className={styles.backlinkMark}>{context.label}</mark>
      {context.after}
    </span>
  );
}

/** One note: its content with live [[links]], where it links to and which notes link back to it. */
export function NoteView({ note, notes, index, onOpen, onEdit, onCreate, onTag, onBack }: NoteViewProps) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteNote();
  const review = useNoteReviewMap().get(note.id);
  const links = useMemo(() => outgoingLinks(note, index), [note, index]);
  const linkedFrom = useMemo(() => backlinks(note.id, notes, index), [note.id, notes, index]);
  const resolve = useCallback((key: string) => index.get(key)?.id, [index]);

  // mutateAsync, not mutate's callbacks: the note leaves the cache first, and callbacks passed to mutate
  // would not run once this view has been replaced
  const doDelete = () =>
    remove.mutateAsync(note.id).then(
      () => onBack(),
      () => undefined,
    );

  const closeConfirm = () => {
    setConfirming(false);
    remove.reset();
  };

  return (
    <article className={styles.noteView} aria-labelledby="note-title">
      <div className={`card stack ${styles.noteMain}`}>
        <button type="button" className={styles.back} onClick={onBack}>
          ← All notes
        </button>
        <header className={styles.noteHeader}>
          <div>
            <h2 id="note-title" className={styles.noteTitle}>
              {note.title}
            </h2>
            <p className={styles.noteMeta}>
              Edited {formatDate(note.updatedAt)} · Created {formatDate(note.createdAt)}
              {note.lessonId ? (
                <>
                  {' · '}
                  <Link to={`/lessons/${note.lessonId}`}>From a lesson</Link>
                </>
              ) : null}
              {review && review.cards > 0 ? ' · ' : null}
              <NoteReviewBadge review={review} />
            </p>
          </div>
          <div className={styles.noteActions}>
            <NoteReviewAction noteId={note.id} />
            <Button variant="secondary" size="sm" onClick={onEdit}>
              Edit
            </Button>
            <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </div>
        </header>
        {note.tags.length > 0 ? (
          <ul className={styles.tagRow} aria-label="Tags">
            {note.tags.map((t) => (
              <li key={t}>
                <button type="button" className={styles.chip} onClick={() => onTag(t)}>
                  #{t}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <Suspense fallback={<p className={styles.muted}>Loading the note…</p>}>
          <LazyNoteContent
            content={note.content}
            selfId={note.id}
            resolve={resolve}
            onOpenNote={onOpen}
            onCreateNote={onCreate}
            onTag={onTag}
          />
        </Suspense>
      </div>

      <aside className={`card-subtle stack ${styles.linksPanel}`} aria-label="Links">
        <section>
          <h3 className={styles.panelTitle}>Backlinks</h3>
          {linkedFrom.length === 0 ? (
            <p className={styles.muted}>No note links here yet. Write [[{note.title}]] in another note.</p>
          ) : (
            <ul className={styles.linkList} aria-label="Backlinks">
              {linkedFrom.map((n) => (
                <li key={n.id}>
                  <button type="button" className={styles.linkItem} onClick={() => onOpen(n.id)}>
                    <span className={styles.linkItemTitle}>{n.title}</span>
                    <BacklinkPreview content={n.content} title={note.title} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section>
          <h3 className={styles.panelTitle}>Links</h3>
          {links.targets.length === 0 && links.dangling.length === 0 ? (
            <p className={styles.muted}>This note links to no other note.</p>
          ) : (
            <ul className={styles.linkList} aria-label="Outgoing links">
              {links.targets.map((n) => (
                <li key={n.id}>
                  <button type="button" className={styles.linkItem} onClick={() => onOpen(n.id)}>
                    <span className={styles.linkItemTitle}>{n.title}</span>
                  </button>
                </li>
              ))}
              {links.dangling.map((t) => (
                <li key={titleKey(t)}>
                  <button type="button" className={styles.linkItem} onClick={() => onCreate(t)}>
                    <span className={styles.linkItemTitle}>{t}</span>
                    <span className={styles.linkItemPreview}>Not created yet · create it</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </aside>

      <Modal
        open={confirming}
        onClose={closeConfirm}
        role="alertdialog"
        size="sm"
        title="Delete note"
        description={NOTE_MESSAGES.deleteConfirm}
        footer={
          <>
            <Button variant="secondary" onClick={closeConfirm}>
              Cancel
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={doDelete}>
              Delete
            </Button>
          </>
        }
      >
        {remove.isError ? <Notification kind="error">{NOTE_MESSAGES.deleteFailed}</Notification> : null}
      </Modal>
    </article>
  );
}
