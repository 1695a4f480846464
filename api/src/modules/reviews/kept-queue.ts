// The review queue as the learner's home_bodies row keeps it (db/home-bodies.ts). Building it reads every due
// card (10,000 for a heavy learner); it changes only when the learner's cards, grades or settings do (the
// version), when a card comes due or a day begins (valid_until), or for another time zone. It keeps the
// queue's first REVIEW_QUEUE_MAX cards, so every limit reads the same build. Each read checks the version
// with one small query and answers from this instance's parsed copy (the row's JSON read only when another
// instance built it): the due time each grade would give is kept as an offset from the read's time, which
// ts-fsrs keeps fixed within a UTC day (fuzz off; intervals.test.ts holds it).
import {
  REVIEW_QUEUE_MAX,
  type ReviewCard,
  type ReviewIntervals,
  type ReviewQueue,
} from '@mindpath/contracts/reviews';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
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
    })
    .from(users)
    .leftJoin(homeBodies, eq(homeBodies.userId, users.id))
    .where(eq(users.id, userId))
    .prepare('home_queue_head'),
);
const queueJson = preparedOn((db) =>
  db
    .select({ json: homeBodies.queue })
    .from(homeBodies)
    .where(eq(homeBodies.userId, userId))
    .prepare('home_queue_json'),
);

interface Parsed {
  version: number;
  key: string;
  validUntil: Date;
  kept: KeptQueue;
  /** the answer's JSON but for the read's times: the queue's fields and each card's, each without its `}` */
  texts: { head: string; cards: string[] };
}

function parsedEntry(version: number, key: string, validUntil: Date, kept: KeptQueue): Parsed {
  const { builtAt: _, cards, ...rest } = kept;
  return {
    version,
    key,
    validUntil,
    kept,
    texts: {
      head: JSON.stringify(rest).slice(0, -1),
      cards: cards.map(({ nextIn: _n, ...card }) => JSON.stringify(card).slice(0, -1)),
    },
  };
}

/** The learners an instance read last: their kept queue as parsed (a version and time zone tell if it holds). */
const newParsedQueues = () => new LRUCache<string, Parsed>({ max: 1_000 });
type ParsedQueues = ReturnType<typeof newParsedQueues>;

/** The next midnight in UTC after `now`: ts-fsrs counts elapsed days between UTC dates. */
const nextUtcMidnight = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

/** The queue built at `now`, and until when it stays as built if nothing of the learner's changes. */
export async function buildKeptQueue(
  db: Db,
  user: string,
  timeZone: string,
  now: Date,
): Promise<{ kept: KeptQueue; validUntil: Date }> {
  const { cards, now: _, ...rest } = await getQueue(db, user, { timeZone, limit: REVIEW_QUEUE_MAX }, now);
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
  const ends = [nextDayStart(new Date(at), timeZone), nextUtcMidnight(now)];
  if (rest.nextDueAt) ends.push(new Date(rest.nextDueAt));
  return { kept, validUntil: new Date(Math.min(...ends.map((d) => d.getTime()))) };
}

/**
 * The queue's answer at `now` from what is kept, as JSON: its first `limit` cards. A read's due times repeat
 * across its cards (every new card's are alike), so each is written once.
 */
export function queueJsonAt(entry: Parsed, now: Date, limit: number): string {
  const at = now.getTime();
  const written = new Map<number, string>();
  const time = (offset: number) => {
    let iso = written.get(offset);
    if (iso === undefined) {
      iso = new Date(at + offset).toISOString();
      written.set(offset, iso);
    }
    return iso;
  };
  const cards = entry.texts.cards.slice(0, limit).map((card, i) => {
    const n = entry.kept.cards[i]!.nextIn;
    const next = { again: time(n.again), hard: time(n.hard), good: time(n.good), easy: time(n.easy) };
    return `${card},"next":${JSON.stringify(next)}}`;
  });
  return `${entry.texts.head},"cards":[${cards.join(',')}],"now":"${now.toISOString()}"}`;
}

const rebuilds = singleFlight<Parsed>();

/** The kept queue of the head's version and time zone: this instance's copy, the row's, or a new build. */
async function keptFor(
  parsed: ParsedQueues,
  db: Db,
  log: FastifyBaseLogger,
  user: string,
  head: { version: number; built: number | null; key: string | null; validUntil: Date | null },
  key: string,
  now: Date,
): Promise<Parsed> {
  const holds = (e: { version: number; key: string | null; validUntil: Date | null }) =>
    e.version === head.version && e.key === key && e.validUntil !== null && now < e.validUntil;
  const mine = parsed.get(user);
  if (mine && holds(mine) && mine.kept.builtAt <= now.getTime()) return mine;
  if (head.built !== null && holds({ ...head, version: head.built })) {
    const [row] = await queueJson(db).execute({ userId: user });
    const kept = row?.json ? (JSON.parse(row.json) as KeptQueue) : null;
    if (kept && kept.builtAt <= now.getTime()) {
      const entry = parsedEntry(head.version, key, head.validUntil as Date, kept);
      parsed.set(user, entry);
      return entry;
    }
  }
  return rebuilds(`${user} ${head.version} ${key}`, async () => {
    const { kept, validUntil } = await buildKeptQueue(db, user, key, now);
    await keepHomePart(db, log, user, head.version, {
      queueVersion: head.version,
      queueKey: key,
      queueValidUntil: validUntil,
      queue: JSON.stringify(kept),
    });
    const entry = parsedEntry(head.version, key, validUntil, kept);
    parsed.set(user, entry);
    return entry;
  });
}

/** An instance's reader of learners' review queues as JSON (401 when the account is gone), kept between changes. */
export const queueReader =
  (parsed = newParsedQueues()) =>
  async (
    db: Db,
    log: FastifyBaseLogger,
    user: string,
    query: { timeZone: string; limit: number },
    now: Date,
  ): Promise<string> => {
    const [head] = await queueHead(db).execute({ userId: user });
    if (!head) throw unauthorized();
    const entry = await keptFor(
      parsed,
      db,
      log,
      user,
      { ...head, version: head.version ?? 0 },
      query.timeZone,
      now,
    );
    // a build shared with reads that came at the same time: answered at the latest of their times, unless it
    // went out of date before this read's
    if (now < entry.validUntil) {
      return queueJsonAt(entry, new Date(Math.max(now.getTime(), entry.kept.builtAt)), query.limit);
    }
    const { kept, validUntil } = await buildKeptQueue(db, user, query.timeZone, now);
    return queueJsonAt(parsedEntry(entry.version, entry.key, validUntil, kept), now, query.limit);
  };
