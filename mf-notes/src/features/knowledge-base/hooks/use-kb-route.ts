import { useSearchParams } from 'react-router';

/** The view modes of the knowledge base (spec 2 §2), plus the graph and a new note's editor. */
export type KbView =
  | { mode: 'list' }
  | { mode: 'graph' }
  | { mode: 'note'; id: string }
  | { mode: 'edit'; id: string }
  | { mode: 'new'; title: string };

/**
 * The view lives in the URL (?view=graph, ?note=<id>, &edit=1, ?new=1&title=…, ?tag=…) so Back and Forward
 * move between list, note and editor, and a note can be linked to.
 */
export function useKbRoute() {
  const [params, setParams] = useSearchParams();
  const id = params.get('note');
  const view: KbView = params.has('new')
    ? { mode: 'new', title: params.get('title') ?? '' }
    : id
      ? params.get('edit') === '1'
        ? { mode: 'edit', id }
        : { mode: 'note', id }
      : params.get('view') === 'graph'
        ? { mode: 'graph' }
        : { mode: 'list' };
  const tag = params.get('tag');

  const go = (next: Record<string, string | null | undefined>, replace = false) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries(next)) if (v) p.set(k, v);
    setParams(p, { replace });
  };
  return {
    view,
    tag,
    /** the list or the graph, keeping the tag filter unless one is given (null clears it) */
    list: (nextTag: string | null = tag) => go({ tag: nextTag }),
    graph: (nextTag: string | null = tag) => go({ view: 'graph', tag: nextTag }),
    note: (noteId: string, replace = false) => go({ note: noteId }, replace),
    edit: (noteId: string) => go({ note: noteId, edit: '1' }),
    create: (title?: string) => go({ new: '1', title }),
  };
}
