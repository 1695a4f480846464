// The review queue, as pure functions: learning and relearning cards first, then due reviews, then new cards,
// the last two within the day's caps, and never two cards of one source (a note's cards) on the same day.
import { dayIn } from '../../lib/calendar-days.ts';

export interface QueueCandidate {
  id: string;
  /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning */
  state: number;
  due: Date;
  siblingKey: string;
  createdAt: Date;
}

/** A grade given today (not undone): the card's state before it. */
export interface TodayGrade {
  cardId: string;
  siblingKey: string;
  state: number;
}

export interface QueueCaps {
  newPerDay: number;
  reviewsPerDay: number;
}

export interface Queue<C extends QueueCandidate> {
  learning: C[];
  review: C[];
  new: C[];
}

/** How far the wall clock of `timeZone` is ahead of UTC at `at`, in ms. */
function offsetAt(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** When the learner's day containing `at` began (its midnight in `timeZone`, daylight saving included). */
export function dayStart(at: Date, timeZone: string): Date {
  const midnight = Date.parse(`${dayIn(at, timeZone)}T00:00:00Z`);
  // the offset at `at` may differ from the one at midnight (a daylight-saving change that day): once more
  const guess = midnight - offsetAt(at, timeZone);
  return new Date(midnight - offsetAt(new Date(guess), timeZone));
}

/** When the learner's next day begins after the day that began at `start` (days last 23 to 25 hours). */
export const nextDayStart = (start: Date, timeZone: string) =>
  dayStart(new Date(start.getTime() + 27 * 3_600_000), timeZone);

const byDue = (a: QueueCandidate, b: QueueCandidate) =>
  a.due.getTime() - b.due.getTime() || a.id.localeCompare(b.id);
const byCreated = (a: QueueCandidate, b: QueueCandidate) =>
  a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

/**
 * The queue from the cards due now (suspended ones already left out) and today's grades. A card waits for
 * tomorrow when another card of its source was graded today or comes earlier in the queue (like Anki's
 * burying of siblings); a card's own grades never hold it back. Caps count today's grades: reviews of cards
 * that were in review, first grades of new cards.
 */
export function buildQueue<C extends QueueCandidate>(
  due: readonly C[],
  today: readonly TodayGrade[],
  caps: QueueCaps,
): Queue<C> {
  const gradedBySource = new Map<string, Set<string>>();
  let reviewsDone = 0;
  let newDone = 0;
  for (const g of today) {
    const ids = gradedBySource.get(g.siblingKey) ?? new Set<string>();
    ids.add(g.cardId);
    gradedBySource.set(g.siblingKey, ids);
    if (g.state === 2) reviewsDone += 1;
    if (g.state === 0) newDone += 1;
  }
  const taken = new Set<string>();
  const admit = (c: C) => {
    if (taken.has(c.siblingKey)) return false;
    const graded = gradedBySource.get(c.siblingKey);
    if (graded && [...graded].some((id) => id !== c.id)) return false;
    taken.add(c.siblingKey);
    return true;
  };
  const pick = (cards: C[], cap: number) => {
    const out: C[] = [];
    for (const c of cards) {
      if (out.length >= cap) break;
      if (admit(c)) out.push(c);
    }
    return out;
  };
  const inState = (...states: number[]) => due.filter((c) => states.includes(c.state));
  return {
    learning: pick(inState(1, 3).sort(byDue), Number.POSITIVE_INFINITY),
    review: pick(inState(2).sort(byDue), Math.max(0, caps.reviewsPerDay - reviewsDone)),
    new: pick(inState(0).sort(byCreated), Math.max(0, caps.newPerDay - newDone)),
  };
}
