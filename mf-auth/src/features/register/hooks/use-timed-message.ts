import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that hides itself after `ms` (restarting the clock when shown again); no timer outlives the component. */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const hide = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    setMessage(null);
  }, []);

  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current);
      setMessage(text);
      timer.current = setTimeout(() => {
        timer.current = undefined;
        setMessage(null);
      }, ms);
    },
    [ms],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  return { message, show, hide };
}
