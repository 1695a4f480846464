import { useCallback, useRef, useState } from 'react';

/**
 * Which passage the viewer shows, and the control that opened it: closing gives that control the focus
 * back (the marker, or the Sources line), so the reader is where they were.
 */
export function usePassageViewer() {
  const [passageId, setPassageId] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = useCallback((id: string, from: HTMLElement) => {
    opener.current = from;
    setPassageId(id);
  }, []);
  const close = useCallback(() => {
    setPassageId(null);
    const from = opener.current;
    opener.current = null;
    if (from?.isConnected) from.focus();
  }, []);
  return { passageId, open, close };
}
