import type { EventBus } from '@mindpath/events';
import type { ToastOptions } from '@mindpath/ui/toast';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
/** spec 1 §9: toast 3 s, redirect after 2.5 s */
export const SESSION_EXPIRED_TOAST_MS = 3000;
export const SESSION_EXPIRED_REDIRECT_MS = 2500;

/**
 * On the bus's 'unauthorized' (the SDK already removed the token): the session-expired toast for 3 s and
 * a redirect to /login after 2.5 s. Returns the unsubscribe function (it also cancels a pending redirect).
 */
export function listenUnauthorized(
  bus: EventBus,
  deps: { toast: (message: string, options: ToastOptions) => unknown; navigate: (to: string) => void },
  /** a 401 came before this listener (rememberUnauthorized): handled at once */
  missed = false,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expire = () => {
    if (timer) return; // several calls failing at once: one toast, one redirect
    deps.toast(SESSION_EXPIRED_MESSAGE, { kind: 'error', durationMs: SESSION_EXPIRED_TOAST_MS });
    timer = setTimeout(() => {
      timer = undefined;
      deps.navigate('/login');
    }, SESSION_EXPIRED_REDIRECT_MS);
  };
  const off = bus.on('unauthorized', expire);
  if (missed) expire();
  return () => {
    off();
    if (timer) clearTimeout(timer);
  };
}

/**
 * Remembers an 'unauthorized' from now until `take()`: the listener above loads after the shell's first
 * commit, and a page's first request can be refused before that (an expired token on a cold load).
 */
export function rememberUnauthorized(bus: EventBus): { take(): boolean } {
  let missed = false;
  const off = bus.on('unauthorized', () => {
    missed = true;
  });
  return {
    take() {
      off();
      const was = missed;
      missed = false;
      return was;
    },
  };
}

/** The bus's 'toast' event shows a toast (remotes ask the shell through the bus). */
export function listenToasts(
  bus: EventBus,
  toast: (message: string, options: ToastOptions) => unknown,
): () => void {
  return bus.on('toast', ({ message, kind, durationMs }) =>
    toast(message, { ...(kind ? { kind } : {}), ...(durationMs ? { durationMs } : {}) }),
  );
}
