import { bus } from '@mindpath/events';
import { toastStore } from '@mindpath/ui/toast';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { sessionExit } from './session-exit.ts';
import { listenToasts, listenUnauthorized } from './unauthorized.ts';

/** Wires the shell to the bus: session expiry and toast requests. */
export function useSessionEvents(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const offUnauthorized = listenUnauthorized(bus, {
      toast: (message, options) => {
        sessionExit.update({ expiring: true }); // the guards keep the page until the redirect
        toastStore.show(message, options);
      },
      navigate: (to) => {
        sessionExit.update({ expiring: false });
        navigate(to, { replace: true });
      },
    });
    const offToasts = listenToasts(bus, toastStore.show);
    return () => {
      offUnauthorized();
      offToasts();
    };
  }, [navigate]);
}
