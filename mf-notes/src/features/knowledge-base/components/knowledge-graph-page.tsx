import { NOTE_MESSAGES } from '@mindpath/contracts/notes-constants';
import { createSearchIndex, titleIndex } from '@mindpath/contracts/notes-logic';
import { bus } from '@mindpath/events';
import { useImportNotes, useNoteConnections, useNotes } from '@mindpath/sdk/notes-hooks';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { EmptyState, PageFrame } from '@mindpath/ui/page-frame';
import { countOf } from '@mindpath/ui/plural';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useKbRoute } from '../hooks/use-kb-route.ts';
import { type NoteModel, tagCounts, toNoteModel } from '../utils/note-model.ts';
import { exportFileName, notesToZip, zipToNotes } from '../utils/notes-archive.ts';
import styles from './knowledge-base.module.css';
import { NoteCard } from './note-card.tsx';
import { NoteEditor } from './note-editor.tsx';
import { useNoteReviewMap } from './note-review.tsx';
import { NoteView } from './note-view.tsx';
import { SearchBox } from './search-box.tsx';
import { TagFilter } from './tag-filter.tsx';

// the graph library is only downloaded when the graph is opened
const GraphView = lazy(() => import('./graph-view.tsx'));

/** cards rendered at a time: thousands of notes stay one click away without thousands of DOM cards */
const CARDS_PER_PAGE = 60;

const hasTag = (tag: string | null) => (n: NoteModel) => tag === null || n.tags.includes(tag);

/** The knowledge base at /knowledge-graph: list, note and edit modes, the graph, search, tags, export. */
export default function KnowledgeGraphPage() {
  const route = useKbRoute();
  const notesQuery = useNotes();
  const reviews = useNoteReviewMap();
  const connectionsQuery = useNoteConnections();
  const importNotes = useImportNotes();
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [pageSize, setPageSize] = useState(CARDS_PER_PAGE);
  const fileRef = useRef<HTMLInputElement>(null);

  const notes = useMemo(() => (notesQuery.data ?? []).map(toNoteModel), [notesQuery.data]);
  const index = useMemo(() => titleIndex(notes), [notes]);
  const search = useMemo(() => createSearchIndex(notes), [notes]);
  const tags = useMemo(() => tagCounts(notes), [notes]);
  const titles = useMemo(() => notes.map((n) => n.title), [notes]);
  const resolve = useCallback((key: string) => index.get(key)?.id, [index]);
  const linkCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const c of connectionsQuery.data ?? []) {
      if (c.kind !== 'link') continue;
      counts.set(c.sourceId, (counts.get(c.sourceId) ?? 0) + 1);
      counts.set(c.targetId, (counts.get(c.targetId) ?? 0) + 1);
    }
    return counts;
  }, [connectionsQuery.data]);
  const { view, tag } = route;

  const doExport = async () => {
    setBusy('export');
    try {
      const zip = await notesToZip(notesQuery.data ?? []);
      const url = URL.createObjectURL(new Blob([zip as BlobPart], { type: 'application/zip' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = exportFileName();
      a.click();
      // the download has started from the object URL; free it once the click has been handled
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } finally {
      setBusy(null);
    }
  };

  const doImport = async (file: File) => {
    setBusy('import');
    try {
      const parsed = await zipToNotes(new Uint8Array(await file.arrayBuffer()));
      if (parsed.length === 0) {
        bus.emit('toast', { message: 'No Markdown notes found in that file.', kind: 'error' });
        return;
      }
      const r = await importNotes.mutateAsync({ notes: parsed });
      const parts = [`Imported ${countOf(r.created, 'note', 'notes')}`];
      if (r.skipped) parts.push(`${r.skipped} already here`);
      if (r.renamed) parts.push(`${r.renamed} renamed`);
      bus.emit('toast', { message: `${parts.join(', ')}.`, kind: 'success', durationMs: 5000 });
    } catch {
      bus.emit('toast', { message: 'Failed to import notes. Is it a zip of Markdown files?', kind: 'error' });
    } finally {
      setBusy(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const actions = (
    <>
      <SearchBox search={search} onOpen={(id) => route.note(id)} />
      <Button onClick={() => route.create()}>New note</Button>
    </>
  );
  const archive = (
    <div className={styles.archive}>
      <Button
        variant="secondary"
        size="sm"
        onClick={doExport}
        loading={busy === 'export'}
        disabled={notes.length === 0 || busy !== null}
      >
        Export
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => fileRef.current?.click()}
        loading={busy === 'import'}
        disabled={busy !== null}
      >
        Import
      </Button>
      <input
        ref={fileRef}
        type="file"
        accept=".zip,application/zip"
        className="visually-hidden"
        aria-label="Import a zip of Markdown notes"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void doImport(file);
        }}
      />
    </div>
  );

  let body: React.ReactNode;
  if (notesQuery.isError) {
    body = (
      <Notification kind="error" title={NOTE_MESSAGES.loadFailed}>
        <Button size="sm" variant="secondary" onClick={() => void notesQuery.refetch()}>
          Retry
        </Button>
      </Notification>
    );
  } else if (notesQuery.isPending) {
    body = (
      <p className={styles.muted} role="status">
        Loading notes…
      </p>
    );
  } else if (view.mode === 'new' || view.mode === 'edit') {
    const note = view.mode === 'edit' ? notes.find((n) => n.id === view.id) : undefined;
    body =
      view.mode === 'edit' && !note ? (
        <MissingNote onBack={() => route.list()} />
      ) : (
        <NoteEditor
          key={note?.id ?? `new-${view.mode === 'new' ? view.title : ''}`}
          note={note}
          initialTitle={view.mode === 'new' ? view.title : ''}
          titles={titles}
          resolve={resolve}
          onSaved={(id) => route.note(id, true)}
          onCancel={() => (note ? route.note(note.id, true) : route.list())}
        />
      );
  } else if (view.mode === 'note') {
    const note = notes.find((n) => n.id === view.id);
    body = note ? (
      <NoteView
        note={note}
        notes={notes}
        index={index}
        onOpen={(id) => route.note(id)}
        onEdit={() => route.edit(note.id)}
        onCreate={(title) => route.create(title)}
        onTag={(t) => route.list(t)}
        onBack={() => route.list()}
      />
    ) : (
      <MissingNote onBack={() => route.list()} />
    );
  } else {
    const shown = notes.filter(hasTag(tag));
    body = (
      <>
        <div className={styles.toolbar}>
          <fieldset className={styles.viewSwitch}>
            <legend className="visually-hidden">View</legend>
            <button
              type="button"
              aria-pressed={view.mode === 'list'}
              onClick={() => route.list()}
              className={styles.viewButton}
            >
              List
            </button>
            <button
              type="button"
              aria-pressed={view.mode === 'graph'}
              onClick={() => route.graph()}
              className={styles.viewButton}
            >
              Graph
            </button>
          </fieldset>
          {archive}
        </div>
        <TagFilter
          tags={tags}
          total={notes.length}
          selected={tag}
          onSelect={(t) => (view.mode === 'graph' ? route.graph(t) : route.list(t))}
        />
        {notes.length === 0 ? (
          <EmptyState title="No notes yet">
            <p>
              Keep what you learn: write a note, link it to others with [[Their title]] and tag it with
              #topic. Notes made from a lesson's selected text land here too.
            </p>
            <Button onClick={() => route.create()}>Write your first note</Button>
          </EmptyState>
        ) : view.mode === 'graph' ? (
          <Suspense
            fallback={
              <p className={styles.muted} role="status">
                Loading the graph…
              </p>
            }
          >
            <GraphView
              notes={shown}
              connections={connectionsQuery.data}
              failed={connectionsQuery.isError}
              onRetry={() => void connectionsQuery.refetch()}
              onOpen={(id) => route.note(id)}
            />
          </Suspense>
        ) : (
          <>
            <ul className={styles.grid} aria-label="Notes">
              {shown.slice(0, pageSize).map((n) => (
                <li key={n.id}>
                  <NoteCard
                    note={n}
                    links={linkCounts.get(n.id) ?? 0}
                    review={reviews.get(n.id)}
                    onOpen={(id) => route.note(id)}
                  />
                </li>
              ))}
            </ul>
            {shown.length > pageSize ? (
              <div className={styles.more}>
                <Button variant="secondary" onClick={() => setPageSize((n) => n + CARDS_PER_PAGE)}>
                  Show more ({shown.length - pageSize} left)
                </Button>
              </div>
            ) : null}
          </>
        )}
      </>
    );
  }

  return (
    <PageFrame
      title="Knowledge Base"
      intro="Your notes, the links between them and their tags."
      actions={actions}
    >
      {body}
    </PageFrame>
  );
}

function MissingNote({ onBack }: { onBack: () => void }) {
  return (
    <EmptyState title="Note not found">
      <p>It may have been deleted.</p>
      <Button variant="secondary" onClick={onBack}>
        Back to notes
      </Button>
    </EmptyState>
  );
}
