import { CHAT_ERROR_REPLY } from '@mindpath/contracts/chat';
import { useAskChat, useChatHistory, useClearChat } from '@mindpath/sdk/chat-hooks';
import { RateLimitError } from '@mindpath/sdk/errors';
import { Button } from '@mindpath/ui/button';
import { RateLimitPanel } from '@mindpath/ui/rate-limit-panel';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/close-icon.tsx';
import { PassageViewer, usePassageViewer } from '../../citations/index.ts';
import { isSendable, panelSubtitle } from '../utils/chat-rules.ts';
import { SendIcon, TrashIcon } from './chat-icons.tsx';
import styles from './chat-panel.module.css';
import { ChatThread, type ThreadLine } from './chat-thread.tsx';

/** A draft handed to the chat from outside (Ask AI on a selection). */
export interface ChatSeed {
  lessonId?: string | undefined;
  draft: string;
}

export const CHAT_LIMIT_TITLE = 'Daily Chat Limit Reached';

interface Props {
  id: string;
  lessonId: string | undefined;
  /** undefined while the goal list is read */
  hasActiveGoal: boolean | undefined;
  open: boolean;
  seed: ChatSeed | null;
  onClose: () => void;
}

/** One conversation: its history paged from the newest, the answer streamed in, clear, and the plan limit. */
export function ChatPanel({ id, lessonId, hasActiveGoal, open, seed, onClose }: Props) {
  const history = useChatHistory(lessonId);
  const ask = useAskChat(lessonId);
  const clear = useClearChat(lessonId);
  const [draft, setDraft] = useState(seed?.draft ?? '');
  const [live, setLive] = useState<{ question: string; answer: string } | null>(null);
  const [failed, setFailed] = useState<ThreadLine[]>([]);
  const [limit, setLimit] = useState<RateLimitError | null>(null);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const streaming = useRef<AbortController | null>(null);
  // a cited passage, shown over the conversation
  const viewer = usePassageViewer();

  // an answer still coming in when the conversation goes away is no longer followed; the server still
  // finishes and stores it (it is in the history when the conversation is opened again)
  useEffect(() => () => streaming.current?.abort(), []);

  useEffect(() => {
    if (!seed) return;
    setDraft(seed.draft);
    const el = input.current;
    if (el) {
      el.focus();
      el.setSelectionRange(seed.draft.length, seed.draft.length);
    }
  }, [seed]);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const send = async () => {
    if (!isSendable(draft) || live) return;
    const message = draft.trim();
    const controller = new AbortController();
    streaming.current = controller;
    setDraft('');
    setLimit(null);
    setLive({ question: message, answer: '' });
    try {
      await ask.mutateAsync({
        message,
        signal: controller.signal,
        onDelta: (text, reset) => setLive((l) => l && { ...l, answer: reset ? text : l.answer + text }),
      });
      setFailed([]); // the stored conversation now follows on from here
    } catch (err) {
      if (controller.signal.aborted) return;
      if (err instanceof RateLimitError) {
        setLimit(err);
        setDraft(message); // not sent: kept for after the reset
      } else {
        const at = Date.now();
        setFailed((lines) => [
          ...lines,
          { key: `failed-q-${at}`, role: 'user', content: message },
          { key: `failed-a-${at}`, role: 'assistant', content: CHAT_ERROR_REPLY, failed: true },
        ]);
      }
    } finally {
      if (!controller.signal.aborted) setLive(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // spec 2 §5: Enter sends; Shift+Enter keeps a new line; an IME composition is not interrupted
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') onClose();
  };

  const stored = history.data?.pages.some((p) => p.messages.length > 0) ?? false;
  const clearHistory = async () => {
    await clear.mutateAsync().catch(() => undefined);
    setFailed([]);
    setConfirmingClear(false);
  };

  return (
    <section
      id={id}
      className={styles.panel}
      role="dialog"
      aria-label="AI tutor"
      hidden={!open}
      onKeyDown={onPanelKeyDown}
    >
      <header className={styles.header}>
        <div>
          <h2 className={styles.title}>AI Tutor</h2>
          <p className={styles.subtitle}>{panelSubtitle(lessonId, hasActiveGoal)}</p>
        </div>
        <div className={styles.headerActions}>
          <button
            type="button"
            className={styles.iconButton}
            aria-label="Clear history"
            title="Clear history"
            disabled={!stored && failed.length === 0}
            onClick={() => setConfirmingClear(true)}
          >
            <TrashIcon />
          </button>
          <button type="button" className={styles.iconButton} aria-label="Close chat" onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
      </header>

      {confirmingClear ? (
        <div className={styles.confirm} role="alertdialog" aria-label="Clear history">
          <p>Delete this conversation? This cannot be undone.</p>
          <div className={styles.confirmActions}>
            <Button size="sm" variant="danger" loading={clear.isPending} onClick={clearHistory}>
              Delete
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirmingClear(false)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {clear.isError ? (
        <p className={styles.error} role="alert">
          Failed to clear the conversation. Please try again.
        </p>
      ) : null}

      <div className={styles.threadArea}>
        <ChatThread
          history={history}
          failed={failed}
          live={live}
          lessonId={lessonId}
          openPassage={viewer.open}
        />
        {viewer.passageId ? (
          <PassageViewer passageId={viewer.passageId} onClose={viewer.close} placement="chat" />
        ) : null}
      </div>

      {limit ? (
        <div className={styles.limit}>
          <RateLimitPanel
            title={CHAT_LIMIT_TITLE}
            info={limit}
            actions={
              <Button variant="ghost" onClick={() => setLimit(null)}>
                Close
              </Button>
            }
          />
        </div>
      ) : (
        <form
          className={styles.composer}
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <textarea
            ref={input}
            className={styles.input}
            value={draft}
            rows={2}
            placeholder={lessonId ? 'Ask about this lesson…' : 'Ask about your goal…'}
            aria-label="Message"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button
            type="submit"
            className={styles.send}
            aria-label="Send"
            disabled={!isSendable(draft) || live !== null}
          >
            <SendIcon />
          </button>
        </form>
      )}
    </section>
  );
}
