import type { CreateNoteDialogProps } from '@mindpath/contracts/notes';
import { NOTE_MESSAGES, NOTE_TITLE_MAX } from '@mindpath/contracts/notes-constants';
import { prefillTitle } from '@mindpath/contracts/notes-logic';
import { bus } from '@mindpath/events';
import { useCreateNote } from '@mindpath/sdk/notes-hooks';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { Notification } from '@mindpath/ui/notification';
import { TextField } from '@mindpath/ui/text-field';
import { type FormEvent, useId, useState } from 'react';
import styles from './create-note-dialog.module.css';

/**
 * Create Note from a selection (spec 2 §2), exposed as notes/CreateNoteDialog for other remotes: open while
 * mounted, the title prefilled with the selection's first 30 characters, the content the selection.
 */
export default function CreateNoteDialog({ selection, lessonId, onClose, onCreated }: CreateNoteDialogProps) {
  const [title, setTitle] = useState(() => prefillTitle(selection));
  const [content, setContent] = useState(selection);
  const [touched, setTouched] = useState(false);
  const create = useCreateNote();
  const contentId = useId();
  const formId = useId();
  const blank = title.trim().length === 0;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (blank || create.isPending) return;
    create.mutate(
      { title: title.trim(), content, lessonId: lessonId ?? null },
      {
        onSuccess: (note) => {
          bus.emit('toast', { message: `Note "${note.title}" created`, kind: 'success' });
          onCreated?.(note);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      onClose={onClose}
      title="Create Note"
      description="Saved to your Knowledge Base. Link other notes with [[Their title]], tag with #topic."
      size="md"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={blank} loading={create.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} className="stack" onSubmit={save}>
        {create.isError ? <Notification kind="error">{NOTE_MESSAGES.createFailed}</Notification> : null}
        <TextField
          label="Title"
          value={title}
          maxLength={NOTE_TITLE_MAX}
          autoFocus
          onChange={(e) => setTitle(e.target.value)}
          onBlur={() => setTouched(true)}
          error={touched && blank ? NOTE_MESSAGES.titleRequired : undefined}
          required
        />
        <div className="field">
          <label htmlFor={contentId} className="field-label">
            Content
          </label>
          <textarea
            id={contentId}
            className={`text-area ${styles.textarea}`}
            value={content}
            rows={8}
            onChange={(e) => setContent(e.target.value)}
          />
        </div>
      </form>
    </Modal>
  );
}
