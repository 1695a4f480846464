// Focus sessions wait in localStorage (`pomodoroPending`) until the server accepts them: sent at once, and
// again when the browser is back online or on the next retry, each once (the server keys them by clientId,
// so a send that reached it before the connection dropped is not doubled).
import type { RecordPomodoroSession } from '@mindpath/contracts/pomodoro';
import { ApiRequestError } from '@mindpath/sdk/errors';
import { localStore } from '@mindpath/sdk/local-store';

export const RETRY_MS = 30_000;

export const pendingSessions = (): RecordPomodoroSession[] => localStore.get('pomodoroPending') ?? [];

export function enqueue(sessions: RecordPomodoroSession[]): void {
  const pending = pendingSessions();
  const known = new Set(pending.map((s) => s.clientId));
  localStore.set('pomodoroPending', [...pending, ...sessions.filter((s) => !known.has(s.clientId))]);
}

function drop(clientId: string): void {
  localStore.set(
    'pomodoroPending',
    pendingSessions().filter((s) => s.clientId !== clientId),
  );
}

/** A refusal that a retry cannot change (the session itself is invalid): sending it again is pointless. */
const isFinal = (error: unknown) =>
  error instanceof ApiRequestError &&
  error.status >= 400 &&
  error.status < 500 &&
  ![401, 408, 429].includes(error.status);

let sending: Promise<number> | null = null;

/**
 * Sends what waits, oldest first (sessions queued meanwhile included); answers how many the server took.
 * Stops at the first failure worth retrying. One flush at a time in a tab, so a session is sent once.
 */
export function flush(send: (session: RecordPomodoroSession) => Promise<unknown>): Promise<number> {
  sending ??= (async () => {
    let sent = 0;
    try {
      for (let next = pendingSessions()[0]; next; next = pendingSessions()[0]) {
        try {
          await send(next);
          sent += 1;
        } catch (error) {
          if (!isFinal(error)) break;
        }
        drop(next.clientId);
      }
    } finally {
      sending = null;
    }
    return sent;
  })();
  return sending;
}
