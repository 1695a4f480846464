import { Button } from '@mindpath/ui/button';
import { useEffect, useRef, useState } from 'react';
import styles from './welcome-screen.module.css';
import {
  TYPING_MS_PER_CHAR,
  typedAt,
  typingEndsAt,
  WELCOME_DURATION_MS,
  WELCOME_TEXT,
} from './welcome-typing.ts';

const reducedMotion = () => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * The welcome screen (spec 1 §2): the text typed out, a pulse, done after 7 s; Escape or a click skips it.
 * With reduced motion the text shows whole from the start. Screen readers get the whole text at once.
 */
export function WelcomeScreen({ onDone }: { onDone: () => void }) {
  const [still] = useState(reducedMotion);
  const [elapsed, setElapsed] = useState(still ? typingEndsAt : 0);
  const button = useRef<HTMLButtonElement>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    button.current?.focus();
    const started = Date.now();
    const tick = still ? null : setInterval(() => setElapsed(Date.now() - started), TYPING_MS_PER_CHAR);
    const end = setTimeout(() => done.current(), WELCOME_DURATION_MS);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') done.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      if (tick) clearInterval(tick);
      clearTimeout(end);
      document.removeEventListener('keydown', onKey);
    };
  }, [still]);

  const typed = typedAt(elapsed);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape and the Continue button are its keyboard paths
    <div
      className={styles.screen}
      role="dialog"
      aria-modal="true"
      aria-label={WELCOME_TEXT}
      data-pulsing={typed === WELCOME_TEXT || undefined}
      onClick={() => done.current()}
    >
      <p className={styles.text} aria-hidden="true">
        {typed}
        <span className={styles.caret} />
      </p>
      <Button ref={button} variant="ghost" className={styles.skip} onClick={() => done.current()}>
        Continue
      </Button>
    </div>
  );
}
