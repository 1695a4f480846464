import { OFFLINE_NOTICE } from '@mindpath/contracts/ai';
import type { ChatHistory } from '@mindpath/contracts/chat';
import type { ChatCitation } from '@mindpath/contracts/citations';
import { threadOf } from '@mindpath/sdk/chat-hooks';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { ChatCitations, CitationProvider, chatTargets, citedMarkdown } from '../../citations/index.ts';
import styles from './chat-thread.module.css';

// the lesson page's sanitized Markdown (GFM, math, code): answers are model output, untrusted; loaded on demand
const Markdown = lazy(() =>
  import('../../../components/lesson-markdown.tsx').then((m) => ({ default: m.LessonMarkdown })),
);

export interface ThreadLine {
  key: string;
  role: 'system' | 'user' | 'assistant';
  content: string;
  source?: 'offline' | 'model' | null;
  /** the spec's error reply standing in for an answer that failed */
  failed?: boolean;
  streaming?: boolean;
  /** what the answer's [n] markers name */
  citations?: ChatCitation[];
}

interface Props {
  history: UseInfiniteQueryResult<InfiniteData<ChatHistory>>;
  /** exchanges that failed (never stored), after the stored ones */
  failed: ThreadLine[];
  /** the question being answered and the answer so far */
  live: { question: string; answer: string } | null;
  lessonId: string | undefined;
  /** opens a cited passage in the viewer */
  openPassage: (passageId: string, from: HTMLElement) => void;
}

/** The conversation, oldest first: Load earlier messages at the top, the answer being written at the bottom. */
export function ChatThread({ history, failed, live, lessonId, openPassage }: Props) {
  const list = useRef<HTMLDivElement>(null);
  /** distance from the bottom kept while older messages are put above */
  const anchor = useRef<number | null>(null);

  const lines: ThreadLine[] = [
    ...threadOf(history.data)
      .filter((m) => m.role !== 'system')
      .map((m) => ({
        key: m.id,
        role: m.role,
        content: m.content,
        source: m.source,
        citations: m.citations,
      })),
    ...failed,
    ...(live
      ? [
          { key: 'live-q', role: 'user' as const, content: live.question },
          { key: 'live-a', role: 'assistant' as const, content: live.answer, streaming: true },
        ]
      : []),
  ];
  const last = lines.at(-1);
  const offline = last?.role === 'assistant' && last.source === 'offline';

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the lines change, to keep the view where the reader expects it
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (anchor.current !== null) {
      el.scrollTop = el.scrollHeight - anchor.current;
      anchor.current = null;
    } else {
      el.scrollTop = el.scrollHeight;
    }
  }, [lines.length, live?.answer, history.data]);

  const loadEarlier = () => {
    const el = list.current;
    if (el) anchor.current = el.scrollHeight - el.scrollTop;
    void history.fetchNextPage();
  };

  return (
    <div ref={list} className={styles.thread} role="log" aria-label="Conversation" aria-live="polite">
      {history.hasNextPage ? (
        <button
          type="button"
          className={styles.more}
          onClick={loadEarlier}
          disabled={history.isFetchingNextPage}
        >
          {history.isFetchingNextPage ? 'Loading…' : 'Load earlier messages'}
        </button>
      ) : null}

      {history.isPending ? (
        <p className={styles.status} role="status">
          Loading conversation…
        </p>
      ) : null}
      {history.isError ? (
        <div className={styles.status} role="alert">
          <p>Failed to load the conversation.</p>
          <button type="button" className={styles.more} onClick={() => void history.refetch()}>
            Retry
          </button>
        </div>
      ) : null}
      {history.isSuccess && lines.length === 0 ? (
        <p className={styles.empty}>
          {lessonId
            ? 'Ask anything about this lesson: a term, a step you missed, an example.'
            : 'Ask anything about your active goal: where to start, what a topic means, what to learn next.'}
        </p>
      ) : null}

      {lines.map((line) => (
        <div
          key={line.key}
          className={styles.message}
          data-role={line.role}
          data-failed={line.failed || undefined}
          data-testid={`chat-${line.role}`}
          aria-busy={line.streaming || undefined}
        >
          {line.role === 'assistant' && !line.failed && line.content !== '' ? (
            <div className={styles.answer}>
              <Suspense fallback={<span className={styles.plain}>{line.content}</span>}>
                {line.citations?.length ? (
                  <CitedAnswer line={line} citations={line.citations} openPassage={openPassage} />
                ) : (
                  <Markdown markdown={line.content} />
                )}
              </Suspense>
            </div>
          ) : (
            <span className={styles.plain}>{line.content}</span>
          )}
          {line.streaming && line.content === '' ? (
            <span className={styles.typing} role="status" aria-label="Writing an answer">
              <span />
              <span />
              <span />
            </span>
          ) : null}
          {line.streaming && line.content !== '' ? (
            <span className={styles.caret} aria-hidden="true" />
          ) : null}
        </div>
      ))}
      {offline ? (
        <p className={styles.offline} data-testid="offline-note">
          {OFFLINE_NOTICE}
        </p>
      ) : null}
    </div>
  );
}

/** An answer that cites: its markers open what they name, its Sources listed under it. */
function CitedAnswer({
  line,
  citations,
  openPassage,
}: {
  line: ThreadLine;
  citations: ChatCitation[];
  openPassage: Props['openPassage'];
}) {
  const targets = chatTargets(citations);
  return (
    <CitationProvider targets={targets} openPassage={openPassage}>
      <Markdown markdown={line.content} {...citedMarkdown(citations.length, false)} />
      <ChatCitations targets={targets} openPassage={openPassage} />
    </CitationProvider>
  );
}
