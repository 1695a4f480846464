import { NOTE_MESSAGES, NOTE_TITLE_MAX } from '@mindpath/contracts/notes-constants';
import { deriveTags } from '@mindpath/contracts/notes-logic';
import { useCreateNote, useUpdateNote } from '@mindpath/sdk/notes-hooks';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { TextField } from '@mindpath/ui/text-field';
import { type FormEvent, type KeyboardEvent, Suspense, useId, useRef, useState } from 'react';
import { completeLink, linkQueryAt, suggestTitles } from '../utils/link-completion.ts';
import type { NoteModel } from '../utils/note-model.ts';
import styles from './knowledge-base.module.css';
import { LazyNoteContent } from './lazy-note-content.tsx';

/** Tags typed in the editor: "a, #b c" → ['a', 'b', 'c']; none means the content's #tags. */
const splitTags = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The tags field shows a note's tags only when they are its own, not the #tags of its content. */
function explicitTagsOf(note: NoteModel | undefined): string {
  if (!note) return '';
  const derived = deriveTags(note.content);
  const same = derived.length === note.tags.length && derived.every((t, i) => note.tags[i] === t);
  return same ? '' : note.tags.join(', ');
}

interface NoteEditorProps {
  /** the note being edited; none for a new note */
  note?: NoteModel;
  initialTitle?: string;
  /** titles of the learner's notes, for completing [[links]] */
  titles: readonly string[];
  /** title key → note id, so the preview shows which [[links]] have their note */
  resolve: (key: string) => string | undefined;
  onSaved: (id: string) => void;
  onCancel: () => void;
}

/**
 * The editor (spec 2 §5): Save is disabled while the title is empty, a blank title says 'Note title is
 * required', and a failed save keeps everything typed with the spec's message. Ctrl/Cmd+S saves.
 */
export function NoteEditor({ note, initialTitle = '', titles, resolve, onSaved, onCancel }: NoteEditorProps) {
  const [title, setTitle] = useState(note?.title ?? initialTitle);
  const [content, setContent] = useState(note?.content ?? '');
  const [tags, setTags] = useState(() => explicitTagsOf(note));
  const [touched, setTouched] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const create = useCreateNote();
  const update = useUpdateNote();
  const saving = create.isPending || update.isPending;
  const failed = note ? update.isError : create.isError;
  const blank = title.trim().length === 0;
  const contentId = useId();
  const preview = splitTags(tags).length > 0 ? [] : deriveTags(content);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const linkQuery = caret === null ? null : linkQueryAt(content, caret);
  const suggestions =
    linkQuery && dismissedAt !== linkQuery.start ? suggestTitles(titles, linkQuery.query, title) : [];
  const listId = useId();

  const track = () => setCaret(textareaRef.current?.selectionStart ?? null);
  const accept = (chosen: string | undefined) => {
    const el = textareaRef.current;
    if (!chosen || !linkQuery || !el) return;
    const next = completeLink(content, el.selectionStart, linkQuery.start, chosen);
    setContent(next.text);
    setCaret(next.caret);
    setActive(0);
    // after React has put the new text in, the caret goes behind the completed link
    requestAnimationFrame(() => el.setSelectionRange(next.caret, next.caret));
  };
  const onContentKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length === 0) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + suggestions.length) % suggestions.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      accept(suggestions[Math.min(active, suggestions.length - 1)]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      setDismissedAt(linkQuery?.start ?? null);
    }
  };

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    setTouched(true);
    if (blank || saving) return;
    const body = { title: title.trim(), content, tags: splitTags(tags) };
    if (note) update.mutate({ id: note.id, ...body }, { onSuccess: (saved) => onSaved(saved.id) });
    else create.mutate(body, { onSuccess: (saved) => onSaved(saved.id) });
  };

  return (
    <form
      className={`card stack ${styles.editor}`}
      onSubmit={save}
      aria-label={note ? `Edit ${note.title}` : 'New note'}
      onKeyDown={(e) => {
        if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
          e.preventDefault();
          save();
        }
      }}
    >
      <h2 className={styles.editorHeading}>{note ? 'Edit note' : 'New note'}</h2>
      {failed ? (
        <Notification kind="error">
          {note ? NOTE_MESSAGES.saveFailed : NOTE_MESSAGES.createFailed}
        </Notification>
      ) : null}
      <TextField
        label="Title"
        value={title}
        maxLength={NOTE_TITLE_MAX}
        autoFocus={!note}
        onChange={(e) => setTitle(e.target.value)}
        onBlur={() => setTouched(true)}
        error={touched && blank ? NOTE_MESSAGES.titleRequired : undefined}
        required
      />
      <div className="field">
        <div className={`row-between ${styles.contentHead}`}>
          <label htmlFor={contentId} className="field-label">
            Content
          </label>
          <fieldset className={styles.viewSwitch}>
            <legend className="visually-hidden">Content view</legend>
            <button
              type="button"
              aria-pressed={!previewing}
              onClick={() => {
                setPreviewing(false);
                requestAnimationFrame(() => textareaRef.current?.focus());
              }}
              className={styles.viewButton}
            >
              Write
            </button>
            <button
              type="button"
              aria-pressed={previewing}
              onClick={() => setPreviewing(true)}
              className={styles.viewButton}
            >
              Preview
            </button>
          </fieldset>
        </div>
        {previewing ? (
          <section className={styles.previewBox} aria-label="Preview">
            <Suspense fallback={<p className={styles.muted}>Loading the preview…</p>}>
              <LazyNoteContent content={content} selfId={note?.id ?? ''} resolve={resolve} />
            </Suspense>
          </section>
        ) : null}
        <textarea
          hidden={previewing}
          ref={textareaRef}
          id={contentId}
          className={`text-area ${styles.textarea}`}
          value={content}
          onChange={(e) => {
            setContent(e.target.value);
            setCaret(e.target.selectionStart);
            setActive(0);
          }}
          onSelect={track}
          onKeyDown={onContentKeyDown}
          onBlur={() => setCaret(null)}
          rows={14}
          aria-controls={suggestions.length > 0 ? listId : undefined}
          placeholder={'Write your note. Link other notes with [[Their title]], tag with #topic.'}
        />
        {suggestions.length > 0 ? (
          <div id={listId} role="listbox" aria-label="Link suggestions" className={styles.suggestions}>
            {suggestions.map((t, i) => (
              <div
                key={t}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={styles.result}
                // mousedown: choosing must not blur the textarea first
                onMouseDown={(e) => {
                  e.preventDefault();
                  accept(t);
                }}
              >
                <span className={styles.resultTitle}>{t}</span>
              </div>
            ))}
            <p className={styles.resultCount}>↑↓ to choose, Enter to link, Esc to close</p>
          </div>
        ) : null}
      </div>
      <TextField
        label="Tags"
        value={tags}
        onChange={(e) => setTags(e.target.value)}
        placeholder="Leave empty to use the #tags in the content"
        hint={
          preview.length > 0
            ? `From the content: ${preview.map((t) => `#${t}`).join(' ')}`
            : 'Separate tags with commas or spaces.'
        }
      />
      <div className={styles.editorActions}>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={blank} loading={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
