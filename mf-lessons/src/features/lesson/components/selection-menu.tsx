import { bus } from '@mindpath/events';
import { type RefObject, useEffect, useState } from 'react';
import { selectionText } from '../utils/selection-text.ts';
import { CreateNoteFromSelection } from './create-note-from-selection.tsx';
import styles from './lesson.module.css';

interface Selected {
  text: string;
  /** where the menu sits, relative to the container */
  top: number;
  left: number;
}

/** The selection inside `container`, or null (nothing selected, or a selection elsewhere). */
function readSelection(container: HTMLElement): Selected | null {
  const selection = window.getSelection();
  const copied = selection?.toString() ?? '';
  if (!selection || selection.rangeCount === 0 || !copied.trim()) return null;
  const range = selection.getRangeAt(0);
  if (!container.contains(range.commonAncestorContainer)) return null;
  const text = selectionText(range, copied);
  const rect = range.getBoundingClientRect();
  const box = container.getBoundingClientRect();
  return {
    text,
    top: rect.top - box.top,
    left: Math.min(Math.max(rect.left - box.left + rect.width / 2, 80), box.width - 80),
  };
}

/**
 * The menu over a text selection in the lesson (spec 2 §2): Create Note (the notes remote's dialog, its
 * title prefilled from the selection) and Ask AI (the lesson's chat opens with the selection quoted).
 */
export function SelectionMenu({
  container,
  lessonId,
}: {
  container: RefObject<HTMLElement | null>;
  lessonId: string;
}) {
  const [selected, setSelected] = useState<Selected | null>(null);
  const [noteText, setNoteText] = useState<string | null>(null);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const update = () => setSelected(readSelection(el));
    const clearIfGone = () => {
      if (!window.getSelection()?.toString().trim()) setSelected(null);
    };
    el.addEventListener('mouseup', update);
    el.addEventListener('keyup', update);
    document.addEventListener('selectionchange', clearIfGone);
    return () => {
      el.removeEventListener('mouseup', update);
      el.removeEventListener('keyup', update);
      document.removeEventListener('selectionchange', clearIfGone);
    };
  }, [container]);

  return (
    <>
      {selected ? (
        <div
          className={styles.selectionMenu}
          role="toolbar"
          aria-label="Selection"
          style={{ top: selected.top, left: selected.left }}
          // keeps the selection: a mousedown on the menu would otherwise clear it before the click
          onMouseDown={(e) => e.preventDefault()}
        >
          <button
            type="button"
            onClick={() => {
              setNoteText(selected.text);
              setSelected(null);
            }}
          >
            Create Note
          </button>
          <button
            type="button"
            onClick={() => {
              bus.emit('ask-ai', { lessonId, quote: selected.text });
              setSelected(null);
            }}
          >
            Ask AI
          </button>
        </div>
      ) : null}
      {noteText !== null ? (
        <CreateNoteFromSelection selection={noteText} lessonId={lessonId} onClose={() => setNoteText(null)} />
      ) : null}
    </>
  );
}
