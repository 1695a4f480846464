import { SOURCE_MESSAGES } from '@mindpath/contracts/sources-constants';
import { ApiRequestError } from '@mindpath/sdk/errors';
import { usePassage } from '@mindpath/sdk/sources-hooks';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { CloseIcon } from '../../../components/close-icon.tsx';
import styles from './passage-viewer.module.css';

export const VIEWER_MESSAGES = {
  loading: 'Loading the passage…',
  failed: 'The passage could not be loaded. Try again.',
  gone: SOURCE_MESSAGES.passage_gone,
} as const;

interface Props {
  passageId: string;
  onClose: () => void;
  /** beside a lesson (a column on a wide screen, a sheet on a narrow one) or over the tutor's conversation */
  placement: 'lesson' | 'chat';
}

/**
 * A cited passage where it sits in its source: the source's title, the headings above it, its page in a
 * PDF, the text before and after in a muted tone and the passage itself marked. The source is the learner's
 * material: all of it is text, never HTML. Focus moves in when it opens (and to each passage opened in it);
 * Escape or Close closes it.
 */
export function PassageViewer({ passageId, onClose, placement }: Props) {
  const passage = usePassage(passageId);
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const mark = useRef<HTMLElement>(null);
  const data = passage.data;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each passage opened moves the focus in again
  useEffect(() => {
    panel.current?.focus();
  }, [passageId]);

  // the passage in view inside the panel only: scrolling the page would move the lesson under the reader
  useLayoutEffect(() => {
    const box = body.current;
    const at = mark.current;
    if (!box || !at || !data) return;
    box.scrollTop = Math.max(0, at.offsetTop - box.clientHeight / 4);
  }, [data]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    // the viewer closes, not what holds it (the tutor's panel closes on Escape too)
    event.stopPropagation();
    onClose();
  };

  const gone = passage.error instanceof ApiRequestError && passage.error.status === 404;
  const pdfPage = data && data.format === 'pdf' && data.page !== null ? data.page : null;
  const Heading = placement === 'chat' ? 'h3' : 'h2';

  return (
    <section
      ref={panel}
      className={styles.viewer}
      data-placement={placement}
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-testid="passage-viewer"
    >
      <header className={styles.header}>
        <div className={styles.heading}>
          <p className={styles.eyebrow}>From your material</p>
          <Heading id={titleId} className={styles.title}>
            {data?.sourceTitle ?? 'Source passage'}
          </Heading>
          {data && data.headingPath.length > 0 ? (
            <p className={styles.path}>{data.headingPath.join(' › ')}</p>
          ) : null}
          {pdfPage !== null ? <p className={styles.page}>Page {pdfPage}</p> : null}
        </div>
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close passage">
          <CloseIcon size={16} />
        </button>
      </header>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keys */}
      <div ref={body} className={styles.body} tabIndex={0}>
        {passage.isPending ? (
          <p className={styles.status} role="status">
            {VIEWER_MESSAGES.loading}
          </p>
        ) : passage.isError ? (
          <div className={styles.status} role="alert">
            <p>{gone ? VIEWER_MESSAGES.gone : VIEWER_MESSAGES.failed}</p>
            {gone ? null : (
              <button type="button" className={styles.retry} onClick={() => void passage.refetch()}>
                Try again
              </button>
            )}
          </div>
        ) : data ? (
          <p className={styles.text}>
            {data.before ? (
              <span className={styles.around}>
                {data.start > data.before.length ? '…' : ''}
                {data.before}
              </span>
            ) : null}
            <mark ref={mark} className={styles.passage}>
              {data.text}
            </mark>
            {data.after ? <span className={styles.around}>{data.after}</span> : null}
          </p>
        ) : null}
      </div>
    </section>
  );
}
