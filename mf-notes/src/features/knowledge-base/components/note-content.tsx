import { titleKey } from '@mindpath/contracts/notes-logic';
import { ExternalLink, Markdown, type MarkdownComponents } from '@mindpath/markdown';
import { type ComponentPropsWithoutRef, useMemo } from 'react';
import { NOTE_TAG_PROP, NOTE_TITLE_PROP, rehypeNoteLinks } from '../utils/rehype-note-links.ts';
import styles from './knowledge-base.module.css';

interface NoteContentProps {
  content: string;
  selfId: string;
  /** title key → note id of the learner's notes */
  resolve: (key: string) => string | undefined;
  /** without the handlers (the editor's preview), links and tags are shown but not followed: no draft is left */
  onOpenNote?: (id: string) => void;
  /** a [[link]] to a title no note has yet: offer to create that note */
  onCreateNote?: (title: string) => void;
  onTag?: (tag: string) => void;
}

const plugins = [rehypeNoteLinks];

/** The note's title is a level-2 heading: its content's headings rank below it (# → 3, ## → 4, …) for
 * assistive technology, looking as written. */
const headings: MarkdownComponents = Object.fromEntries(
  (['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((Tag, i) => [
    Tag,
    ({ node: _node, ...props }: ComponentPropsWithoutRef<typeof Tag> & { node?: unknown }) => (
      <Tag {...props} aria-level={Math.min(i + 3, 6)} />
    ),
  ]),
);

/**
 * A note's content as sanitized Markdown (lists, tables, highlighted code, KaTeX math; see @mindpath/markdown)
 * with [[links]] as links to the notes, links to missing notes as "create" links and #tags as tag filters.
 * Loaded lazily: the renderer is most of the note view's weight.
 */
export default function NoteContent({
  content,
  selfId,
  resolve,
  onOpenNote,
  onCreateNote,
  onTag,
}: NoteContentProps) {
  const components = useMemo<MarkdownComponents>(
    () => ({
      ...headings,
      a: ({ node, children, ...props }) => {
        const title = node?.properties[NOTE_TITLE_PROP];
        if (typeof title !== 'string') return <ExternalLink {...props}>{children}</ExternalLink>;
        const target = resolve(titleKey(title));
        if (target === selfId) return <span>{children}</span>;
        if (!onOpenNote || !onCreateNote)
          return <span className={target ? styles.noteLink : styles.danglingLink}>{children}</span>;
        return target ? (
          <a
            href={`?note=${target}`}
            className={styles.noteLink}
            onClick={(e) => {
              e.preventDefault();
              onOpenNote(target);
            }}
          >
            {children}
          </a>
        ) : (
          <a
            href={`?new=1&title=${encodeURIComponent(title)}`}
            className={styles.danglingLink}
            title={`No note called "${title}" yet: create it`}
            onClick={(e) => {
              e.preventDefault();
              onCreateNote(title);
            }}
          >
            {children}
          </a>
        );
      },
      button: ({ node, children }) => {
        const tag = node?.properties[NOTE_TAG_PROP];
        if (typeof tag !== 'string') return children;
        return onTag ? (
          <button type="button" className={styles.inlineTag} onClick={() => onTag(tag)}>
            {children}
          </button>
        ) : (
          <span className={styles.inlineTag}>{children}</span>
        );
      },
    }),
    [selfId, resolve, onOpenNote, onCreateNote, onTag],
  );
  if (!content.trim()) return <p className={styles.muted}>This note is empty.</p>;
  return (
    <div className={styles.content}>
      <Markdown markdown={content} components={components} rehypePlugins={plugins} />
    </div>
  );
}
