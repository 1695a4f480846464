import { bus } from '@mindpath/events';
import { useHasActiveGoal } from '@mindpath/sdk/goals-hooks';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useHintVisible } from '../hooks/use-hint-visible.ts';
import { hintText, lessonIdOf, quoted } from '../utils/chat-rules.ts';
import { ChatIcon } from './chat-icons.tsx';
import type { ChatSeed } from './chat-panel.tsx';
import styles from './tutor-chat.module.css';

// The launcher is on every authenticated page; the conversation (history, streaming, the plan limit) loads
// when the tutor is about to be opened, so a page that never uses it does not download it.
const loadPanel = () => import('./chat-panel.tsx');
const ChatPanel = lazy(() => loadPanel().then((m) => ({ default: m.ChatPanel })));
const preload = () => void loadPanel();

/**
 * The floating AI tutor (spec 2 §1, §2; spec 1 §2 "a chat widget" on every authenticated page): on a lesson's
 * pages it is that lesson's chat, elsewhere a tutor for the active goal. 'ask-ai' on the event bus opens it
 * with a selection quoted. The panel stays mounted once opened, so closing it does not cut an answer off.
 */
export default function TutorChat() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [seed, setSeed] = useState<ChatSeed | null>(null);
  const [opened, setOpened] = useState(false);
  const hintVisible = useHintVisible();
  const hasActiveGoal = useHasActiveGoal();
  const launcher = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const lessonId = lessonIdOf(pathname) ?? seed?.lessonId;

  useEffect(
    () =>
      bus.on('ask-ai', ({ lessonId: asked, quote }) => {
        setSeed({ lessonId: asked, draft: quoted(quote) });
        setOpen(true);
        setOpened(true);
      }),
    [],
  );
  // a quote belongs to the page it was asked on
  useEffect(() => {
    if (pathname) setSeed(null);
  }, [pathname]);

  const show = () => {
    setOpen(true);
    setOpened(true);
  };
  const close = () => {
    setOpen(false);
    launcher.current?.focus();
  };

  const hint = hintText(lessonId, hasActiveGoal);
  return (
    <div className={styles.root}>
      {opened ? (
        <Suspense
          fallback={
            <p className={styles.loading} role="status">
              Loading the AI tutor…
            </p>
          }
        >
          <ChatPanel
            key={lessonId ?? 'goal'}
            id={panelId}
            lessonId={lessonId}
            hasActiveGoal={hasActiveGoal}
            open={open}
            seed={seed}
            onClose={close}
          />
        </Suspense>
      ) : null}
      {!open && hintVisible && hint ? (
        <button
          type="button"
          className={styles.hint}
          onClick={show}
          onPointerEnter={preload}
          data-testid="chat-hint"
        >
          {hint}
        </button>
      ) : null}
      <button
        ref={launcher}
        type="button"
        className={styles.launcher}
        aria-label={open ? 'Close AI tutor' : 'Open AI tutor'}
        aria-expanded={open}
        aria-controls={opened ? panelId : undefined}
        onClick={open ? close : show}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <ChatIcon />
      </button>
    </div>
  );
}
