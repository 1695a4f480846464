// Keyboard shortcuts of the timer, on every page: Alt+Shift with a letter (no single-key shortcuts, which
// screen reader and speech users trigger by accident), never while the learner types in a field.
import { useEffect, useRef } from 'react';

export interface ShortcutActions {
  toggleRun: () => void;
  reset: () => void;
  /** null outside a break */
  skip: (() => void) | null;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export function useShortcuts(actions: ShortcutActions): void {
  const live = useRef(actions);
  live.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey || isTyping(event.target))
        return;
      const action = { KeyP: live.current.toggleRun, KeyR: live.current.reset, KeyK: live.current.skip }[
        event.code
      ];
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
