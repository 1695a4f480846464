import { titleKey, tokenizeContent } from '@mindpath/contracts/notes-logic';
import styles from './knowledge-base.module.css';

interface NoteContentProps {
  content: string;
  selfId: string;
  /** title key → note id of the learner's notes */
  resolve: (key: string) => string | undefined;
  onOpenNote: (id: string) => void;
  /** a [[link]] to a title no note has yet: offer to create that note */
  onCreateNote: (title: string) => void;
  onTag: (tag: string) => void;
}

/**
 * A note's content as written (plain text, line breaks kept, never parsed as HTML), with [[links]] as links
 * to the notes, links to missing notes as "create" links, #tags as tag filters and code set in mono.
 */
export function NoteContent({ content, selfId, resolve, onOpenNote, onCreateNote, onTag }: NoteContentProps) {
  if (!content.trim()) return <p className={styles.muted}>This note is empty.</p>;
  return (
    <div className={styles.content}>
      {tokenizeContent(content).map((s, i) => {
        const key = `${i}-${s.kind}`;
        if (s.kind === 'text') return <span key={key}>{s.text}</span>;
        if (s.kind === 'code')
          return s.text.startsWith('```') ? (
            <pre key={key} className={styles.codeBlock}>
              {s.text.replace(/^```[^\n]*\n?/, '').replace(/\n?```$/, '')}
            </pre>
          ) : (
            <code key={key}>{s.text.slice(1, -1)}</code>
          );
        if (s.kind === 'tag')
          return (
            <button key={key} type="button" className={styles.inlineTag} onClick={() => onTag(s.tag)}>
              {s.raw}
            </button>
          );
        const target = resolve(titleKey(s.title));
        if (target === selfId) return <span key={key}>{s.label}</span>;
        return target ? (
          <a
            key={key}
            href={`?note=${target}`}
            className={styles.noteLink}
            onClick={(e) => {
              e.preventDefault();
              onOpenNote(target);
            }}
          >
            {s.label}
          </a>
        ) : (
          <a
            key={key}
            href={`?new=1&title=${encodeURIComponent(s.title)}`}
            className={styles.danglingLink}
            title={`No note called "${s.title}" yet: create it`}
            onClick={(e) => {
              e.preventDefault();
              onCreateNote(s.title);
            }}
          >
            {s.label}
          </a>
        );
      })}
    </div>
  );
}
