import { describe, expect, it } from 'vitest';
import { dayIn } from '../../lib/calendar-days.ts';
import { buildQueue, dayStart, nextDayStart, type QueueCandidate } from './queue.ts';

const t0 = new Date('2026-03-10T12:00:00Z');
let n = 0;
function card(state: number, minutesAgo: number, siblingKey?: string): QueueCandidate {
  n += 1;
  const id = `c${String(n).padStart(3, '0')}`;
  const at = new Date(t0.getTime() - minutesAgo * 60_000);
  return { id, state, due: at, createdAt: at, siblingKey: siblingKey ?? id };
}
const caps = { newPerDay: 20, reviewsPerDay: 200 };
const ids = (cs: QueueCandidate[]) => cs.map((c) => c.id);

describe('buildQueue', () => {
  it('puts learning and relearning first, then reviews by due, then new cards oldest first', () => {
    const fresh = card(0, 5);
    const older = card(0, 50);
    const review = card(2, 10);
    const overdue = card(2, 1000);
    const relearning = card(3, 1);
    const learning = card(1, 3);
    const q = buildQueue([fresh, older, review, overdue, relearning, learning], [], caps);
    expect(ids(q.learning)).toEqual([learning.id, relearning.id]);
    expect(ids(q.review)).toEqual([overdue.id, review.id]);
    expect(ids(q.new)).toEqual([older.id, fresh.id]);
  });

  it('caps new cards and reviews, counting what was graded today', () => {
    const news = Array.from({ length: 5 }, (_, i) => card(0, i));
    const reviews = Array.from({ length: 5 }, (_, i) => card(2, i));
    const today = [
      { cardId: 'x1', siblingKey: 'x1', state: 0 },
      { cardId: 'x2', siblingKey: 'x2', state: 2 },
      { cardId: 'x3', siblingKey: 'x3', state: 2 },
      { cardId: 'x4', siblingKey: 'x4', state: 1 },
    ];
    const q = buildQueue([...news, ...reviews], today, { newPerDay: 3, reviewsPerDay: 4 });
    expect(q.new).toHaveLength(2);
    expect(q.review).toHaveLength(2);
    expect(buildQueue(news, [], { newPerDay: 0, reviewsPerDay: 0 }).new).toEqual([]);
  });

  it('never shows a learning card less for the caps', () => {
    const learning = Array.from({ length: 4 }, (_, i) => card(1, i));
    expect(buildQueue(learning, [], { newPerDay: 0, reviewsPerDay: 0 }).learning).toHaveLength(4);
  });

  it('keeps two cards of one source off the same day', () => {
    const a = card(0, 30, 'note-1');
    const b = card(0, 20, 'note-1');
    const c = card(2, 10, 'note-1');
    const other = card(0, 10, 'note-2');
    const q = buildQueue([a, b, c, other], [], caps);
    // the review comes first in the queue, so it is the note's card of the day
    expect(ids([...q.learning, ...q.review, ...q.new])).toEqual([c.id, other.id]);
  });

  it('holds back a card whose sibling was graded today, but not the graded card itself', () => {
    const a = card(1, 1, 'note-1');
    const b = card(0, 5, 'note-1');
    const q = buildQueue([a, b], [{ cardId: a.id, siblingKey: 'note-1', state: 0 }], caps);
    expect(ids(q.learning)).toEqual([a.id]);
    expect(q.new).toEqual([]);
    const q2 = buildQueue([b], [{ cardId: a.id, siblingKey: 'note-1', state: 0 }], caps);
    expect(q2.new).toEqual([]);
  });
});

describe('days', () => {
  it('begin at the learner’s midnight in their time zone', () => {
    const at = new Date('2026-03-10T01:30:00Z');
    expect(dayStart(at, 'UTC').toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(dayStart(at, 'Europe/Berlin').toISOString()).toBe('2026-03-09T23:00:00.000Z');
    // New York is on summer time since 8 March 2026: 21:30 on the 9th
    expect(dayStart(at, 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect(dayIn(at, 'America/New_York')).toBe('2026-03-09');
    expect(dayIn(at, 'Europe/Berlin')).toBe('2026-03-10');
  });

  it('last 23 hours on the day clocks go forward', () => {
    const start = dayStart(new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    expect(start.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(nextDayStart(start, 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });
});
