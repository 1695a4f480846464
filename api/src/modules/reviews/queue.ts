// The review queue, as pure functions: learning and relearning cards first, then due reviews, then new cards,
// the last two within the day's caps, and never two cards of one source (a note's cards) on the same day.

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

const MINUTE = 60_000;

/** When the learner's day containing `now` began (utcOffset: minutes east of UTC). */
export function dayStart(now: Date, utcOffset: number): Date {
  const local = now.getTime() + utcOffset * MINUTE;
  const midnight = local - (((local % 86_400_000) + 86_400_000) % 86_400_000);
  return new Date(midnight - utcOffset * MINUTE);
}

/** The learner's calendar date of an instant, YYYY-MM-DD. */
export function dayKey(at: Date, utcOffset: number): string {
  return new Date(at.getTime() + utcOffset * MINUTE).toISOString().slice(0, 10);
}

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
