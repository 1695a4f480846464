import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a status message of the settings stays (spec 2 §4 'Status messages clear after 5 seconds'). */
export const STATUS_MESSAGE_MS = 5000;

export interface StatusMessage {
  kind: 'success' | 'error';
  text: string;
}

/** A status message that clears itself after 5 s (the clock restarts when another is shown). */
export function useStatusMessage() {
  const [message, setMessage] = useState<StatusMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((next: StatusMessage | null) => {
    clearTimeout(timer.current);
    setMessage(next);
    if (next) timer.current = setTimeout(() => setMessage(null), STATUS_MESSAGE_MS);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { message, show };
}
