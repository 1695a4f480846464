// The review queue as the learner's home_bodies row keeps it (db/home-bodies.ts). Building it reads every due
// card (10,000 for a heavy learner); it changes only when the learner's cards, grades or settings do (the
// version), when a card comes due or a day begins (valid_until), or for another time zone or count. Each
// read then answers the kept queue with one query: the due time each grade would give is kept as an offset
// from the read's time, which ts-fsrs keeps fixed within a UTC day (fuzz off; intervals.test.ts holds it).
import type { ReviewCard, ReviewIntervals, ReviewQueue } from '@mindpath/contracts/reviews';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { keepHomePart } from '../../db/home-bodies.ts';
import { preparedOn } from '../../db/prepared.ts';
import { homeBodies, users } from '../../db/schema.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { singleFlight } from '../../lib/single-flight.ts';
import { nextDayStart } from './queue.ts';
import { getQueue } from './service.ts';

type Offsets = Record<keyof ReviewIntervals, number>;

/** The queue as kept: each card's intervals as ms after the read's time. */
interface KeptQueue extends Omit<ReviewQueue, 'cards' | 'now'> {
  /** the time it was built at, ms (a test clock moved back reads it afresh) */
  builtAt: number;
  cards: (Omit<ReviewCard, 'next'> & { nextIn: Offsets })[];
}

const GRADES = ['again', 'hard', 'good', 'easy'] as const;

const userId = sql.placeholder('userId');
const queueHead = preparedOn((db) =>
  db
    .select({
      version: homeBodies.version,
      built: homeBodies.queueVersion,
      key: homeBodies.queueKey,
      validUntil: homeBodies.queueValidUntil,
      json: homeBodies.queue,
    })
    .from(users)
    .leftJoin(homeBodies, eq(homeBodies.userId, users.id))
    .where(eq(users.id, userId))
    .prepare('home_queue_head'),
);

/** The next midnight in UTC after `now`: ts-fsrs counts elapsed days between UTC dates. */
const nextUtcMidnight = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

/** The queue built at `now`, and until when it stays as built if nothing of the learner's changes. */
export async function buildKeptQueue(
  db: Db,
  user: string,
  query: { timeZone: string; limit: number },
  now: Date,
): Promise<{ kept: KeptQueue; validUntil: Date }> {
  const { cards, now: _, ...rest } = await getQueue(db, user, query, now);
  const at = now.getTime();
  const kept: KeptQueue = {
    ...rest,
    builtAt: at,
    cards: cards.map(({ next, ...card }) => ({
      ...card,
      nextIn: Object.fromEntries(GRADES.map((g) => [g, Date.parse(next[g]) - at])) as Offsets,
    })),
  };
  // the learner's next day (held-back cards come back, today's grades stop counting against the caps), the
  // next card coming due, and the next UTC date (the intervals' elapsed days)
  const ends = [nextDayStart(new Date(at), query.timeZone), nextUtcMidnight(now)];
  if (rest.nextDueAt) ends.push(new Date(rest.nextDueAt));
  return { kept, validUntil: new Date(Math.min(...ends.map((d) => d.getTime()))) };
}

/** The queue's answer at `now` from what is kept. */
export function queueAt(kept: KeptQueue, now: Date): ReviewQueue {
  const at = now.getTime();
  const { builtAt: _, ...rest } = kept;
  return {
    ...rest,
    cards: kept.cards.map(({ nextIn, ...card }) => ({
      ...card,
      next: Object.fromEntries(
        GRADES.map((g) => [g, new Date(at + nextIn[g]).toISOString()]),
      ) as ReviewIntervals,
    })),
    now: now.toISOString(),
  };
}

const rebuilds = singleFlight<Awaited<ReturnType<typeof buildKeptQueue>>>();

/** The learner's review queue (401 when the account is gone), kept between changes. */
export async function readQueue(
  db: Db,
  log: FastifyBaseLogger,
  user: string,
  query: { timeZone: string; limit: number },
  now: Date,
): Promise<ReviewQueue> {
  const [head] = await queueHead(db).execute({ userId: user });
  if (!head) throw unauthorized();
  const version = head.version ?? 0;
  const key = `${query.timeZone} ${query.limit}`;
  if (head.built === version && head.key === key && head.json && head.validUntil && now < head.validUntil) {
    const kept = JSON.parse(head.json) as KeptQueue;
    if (kept.builtAt <= now.getTime()) return queueAt(kept, now);
  }
  const { kept, validUntil } = await rebuilds(`${user} ${version} ${key}`, async () => {
    const built = await buildKeptQueue(db, user, query, now);
    await keepHomePart(db, log, user, version, {
      queueVersion: version,
      queueKey: key,
      queueValidUntil: built.validUntil,
      queue: JSON.stringify(built.kept),
    });
    return built;
  });
  // a build shared with reads that came at the same time: answered at the latest of their times, unless it
  // went out of date before this read's
  if (now < validUntil) return queueAt(kept, new Date(Math.max(now.getTime(), kept.builtAt)));
  return queueAt((await buildKeptQueue(db, user, query, now)).kept, now);
}
