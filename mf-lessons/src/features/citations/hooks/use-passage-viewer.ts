import { useCallback, useRef, useState } from 'react';

/**
 * Which passage the viewer shows, and the control that opened it: closing gives that control the focus
 * back (the marker, or the Sources line), so the reader is where they were. A passage belongs to the
 * `scope` it was opened in (the lesson): another lesson opened on the same page does not show it.
 */
export function usePassageViewer(scope?: string) {
  const [shown, setShown] = useState<{ scope: string | undefined; passageId: string } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback(
    (passageId: string, from: HTMLElement) => {
      opener.current = from;
      setShown({ scope, passageId });
    },
    [scope],
  );
  const close = useCallback(() => {
    setShown(null);
    const from = opener.current;
    opener.current = null;
    if (from?.isConnected) from.focus();
  }, []);
  return { passageId: shown && shown.scope === scope ? shown.passageId : null, open, close };
}
