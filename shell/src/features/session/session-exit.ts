/**
 * How the session is ending, so the guards do not race it:
 * - `logoutTo`: Logout leaves for this path (/) instead of the visitor redirect to /login;
 * - `expiring`: after a 401 the current page stays for 2.5 s (toast), then the handler goes to /login.
 */
export interface SessionExit {
  logoutTo: string | null;
  expiring: boolean;
}

let state: SessionExit = { logoutTo: null, expiring: false };
const listeners = new Set<() => void>();

export const sessionExit = {
  get: (): SessionExit => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  update(patch: Partial<SessionExit>): void {
    state = { ...state, ...patch };
    for (const l of listeners) l();
  },
};
