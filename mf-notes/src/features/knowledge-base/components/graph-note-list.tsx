import { countOf } from '@mindpath/ui/plural';
import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import styles from './knowledge-base.module.css';

export interface GraphNoteItem {
  id: string;
  title: string;
  degree: number;
}

const PAGE = 10;

/**
 * The graph's notes for the keyboard (the canvas answers only to a pointer): one Tab stop, out of sight until it
 * has focus, then shown over the graph. Arrow keys, Home, End, Page Up/Down move between the notes (A to Z), the
 * focused note is highlighted in the graph, Enter opens it.
 */
export function GraphNoteList({
  nodes,
  onFocusNode,
  onOpen,
}: {
  nodes: GraphNoteItem[];
  /** the note whose entry has focus, null when focus leaves the list */
  onFocusNode: (id: string | null) => void;
  onOpen: (id: string) => void;
}) {
  const hintId = useId();
  const sorted = useMemo(
    () => [...nodes].sort((a, b) => a.title.localeCompare(b.title, undefined, { sensitivity: 'base' })),
    [nodes],
  );
  const [active, setActive] = useState(0);
  const current = Math.min(active, sorted.length - 1);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const box = useRef<HTMLDivElement>(null);

  if (sorted.length === 0) return null;

  const moveTo = (i: number) => {
    const next = Math.max(0, Math.min(sorted.length - 1, i));
    setActive(next);
    buttons.current[next]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const to = {
      ArrowDown: current + 1,
      ArrowRight: current + 1,
      ArrowUp: current - 1,
      ArrowLeft: current - 1,
      PageDown: current + PAGE,
      PageUp: current - PAGE,
      Home: 0,
      End: sorted.length - 1,
    }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    moveTo(to);
  };

  return (
    <div ref={box} className={styles.graphKeys}>
      <p id={hintId} className={styles.graphKeysHint}>
        Notes in the graph: arrow keys move, Enter opens
      </p>
      <ul aria-labelledby={hintId} className={styles.graphKeysList}>
        {sorted.map((n, i) => (
          <li key={n.id}>
            <button
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              tabIndex={i === current ? 0 : -1}
              className={styles.graphKeysItem}
              onFocus={() => {
                setActive(i);
                onFocusNode(n.id);
              }}
              onClick={() => onOpen(n.id)}
              onKeyDown={onKeyDown}
              onBlur={(e) => {
                if (!box.current?.contains(e.relatedTarget as Node | null)) onFocusNode(null);
              }}
            >
              {n.title}
              <span className={styles.graphKeysMeta}>
                {` · ${countOf(n.degree, 'connection', 'connections')}`}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
