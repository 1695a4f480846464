import { NOTE_MESSAGES } from '@mindpath/contracts/notes-constants';
import type { SearchHit } from '@mindpath/contracts/notes-logic';
import { countOf } from '@mindpath/ui/plural';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { NoteModel } from '../utils/note-model.ts';
import styles from './knowledge-base.module.css';
import { prefetchNoteContent } from './lazy-note-content.tsx';

/** how many results the dropdown shows */
const SHOWN = 8;
const RANK_LABEL = ['Title', 'Title', 'Content'] as const;

/**
 * Search as you type (spec 2 §5) with a dropdown of results: a combobox, arrows move through the results,
 * Enter opens one, Escape closes. The search itself runs on a deferred copy of the query so typing stays
 * fluid with thousands of notes.
 */
export function SearchBox({
  search,
  onOpen,
}: {
  search: (query: string) => SearchHit<NoteModel>[];
  onOpen: (id: string) => void;
}) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const deferred = useDeferredValue(query);
  const hits = useMemo(() => search(deferred), [search, deferred]);
  const id = useId();
  const listId = `${id}-results`;
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = hits.slice(0, SHOWN);
  const expanded = open && deferred.trim().length > 0;
  const anyShown = expanded && shown.length > 0;
  // a result is about to be opened
  useEffect(() => {
    if (anyShown) prefetchNoteContent();
  }, [anyShown]);

  const choose = (hit: SearchHit<NoteModel> | undefined) => {
    if (!hit) return;
    setOpen(false);
    setQuery('');
    onOpen(hit.note.id);
  };

  return (
    <div className={styles.search}>
      <svg className={styles.searchIcon} width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M20 20l-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        ref={inputRef}
        type="search"
        className={styles.searchInput}
        placeholder="Search notes"
        aria-label="Search notes"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && shown[active] ? `${id}-${active}` : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, shown.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter' && expanded) {
            e.preventDefault();
            choose(shown[active]);
          } else if (e.key === 'Escape' && expanded) {
            e.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {expanded ? (
        <div className={styles.dropdown}>
          {shown.length === 0 ? (
            <p className={styles.noResults} role="status">
              {NOTE_MESSAGES.noResults(deferred.trim())}
            </p>
          ) : (
            <>
              <div id={listId} role="listbox" aria-label="Search results" className={styles.results}>
                {shown.map((hit, i) => (
                  <div
                    key={hit.note.id}
                    id={`${id}-${i}`}
                    role="option"
                    tabIndex={-1}
                    aria-selected={i === active}
                    className={styles.result}
                    // mousedown, not click: the input's blur would close the list before a click lands
                    onMouseDown={(e) => {
                      e.preventDefault();
                      choose(hit);
                    }}
                    onMouseEnter={() => setActive(i)}
                  >
                    <span className={styles.resultTitle}>
                      {hit.note.title}
                      <span className={styles.resultRank}>{RANK_LABEL[hit.rank]}</span>
                    </span>
                    {hit.context ? (
                      <span className={styles.resultContext}>
                        {hit.context.before}
                        <mark>{hit.context.match}</mark>
                        {hit.context.after}
                      </span>
                    ) : null}
                  </div>
                ))}
              </div>
              <p className={styles.resultCount}>
                {hits.length > SHOWN
                  ? `${SHOWN} of ${hits.length} results`
                  : countOf(hits.length, 'result', 'results')}
              </p>
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
