// Last activity for retention: a learner's authenticated requests refresh users.last_active_at at most once
// a day. An in-process memo of who was seen today keeps it to one UPDATE per learner per day per instance
// (never a query per request); the UPDATE itself writes only a row not yet touched today.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { touchLastActive } from './repository.ts';

const DAY_MS = 86_400_000;

export function lastActivity(db: Db, now: () => Date, log: FastifyBaseLogger) {
  let day = Number.NaN;
  let seen = new Set<string>();
  return (userId: string): void => {
    const at = now();
    const today = Math.floor(at.getTime() / DAY_MS);
    if (today !== day) {
      // a new day forgets yesterday's learners: the memo holds one day's at most
      day = today;
      seen = new Set();
    }
    if (seen.has(userId)) return;
    seen.add(userId);
    touchLastActive(db, userId, at, new Date(today * DAY_MS)).catch((err) => {
      seen.delete(userId);
      log.warn({ err }, 'last activity not recorded');
    });
  };
}
