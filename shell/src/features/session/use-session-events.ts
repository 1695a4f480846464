import { bus } from '@mindpath/events';
import { toastStore } from '@mindpath/ui/toast';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { earlyUnauthorized } from './early-unauthorized.ts';
import { sessionExit } from './session-exit.ts';
import { listenToasts, listenUnauthorized } from './unauthorized.ts';

/** Wires the shell to the bus: session expiry and toast requests. */
export function useSessionEvents(): void {
  // subscribed once: navigate changes with every route change, and re-subscribing then cancelled a pending
  // session-expired redirect (a 401 just before a click left the page on its route with the token gone)
  const navigate = useNavigate();
  const latest = useRef(navigate);
  latest.current = navigate;
  useEffect(() => {
    const offUnauthorized = listenUnauthorized(
      bus,
      {
        toast: (message, options) => {
          sessionExit.update({ expiring: true }); // the guards keep the page until the redirect
          toastStore.show(message, options);
        },
        navigate: (to) => {
          sessionExit.update({ expiring: false });
          latest.current(to, { replace: true });
        },
      },
      earlyUnauthorized.take(),
    );
    const offToasts = listenToasts(bus, toastStore.show);
    return () => {
      offUnauthorized();
      offToasts();
    };
  }, []);
}
