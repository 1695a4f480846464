// The kept review queue (kept-queue.ts) keeps each card's intervals as offsets from the time of the read. That
// holds because ts-fsrs, with fuzz off, counts elapsed time in whole UTC days: within one UTC date, the due
// time each grade gives moves exactly with the clock. This test holds ts-fsrs to it, for cards in every state.
import type { ReviewRating } from '@mindpath/contracts/reviews';
import { describe, expect, it } from 'vitest';
import { type CardMemory, grade, intervals, newMemory, scheduler } from './fsrs.ts';

const f = scheduler(0.9);
const HOUR = 3_600_000;

/** A new card, then the cards its histories of grades make, a day or more apart. */
function cards(): CardMemory[] {
  const start = new Date('2026-01-05T09:00:00Z');
  const histories: ReviewRating[][] = [
    [],
    ['good'],
    ['again'],
    ['good', 'good'],
    ['good', 'good', 'again'],
    ['easy', 'hard', 'good'],
  ];
  return histories.map((history) => {
    let memory: CardMemory = newMemory(start);
    let at = start;
    for (const rating of history) {
      memory = grade(f, memory, rating, at).memory;
      at = new Date(Math.max(memory.due.getTime(), at.getTime() + 26 * HOUR));
    }
    return memory;
  });
}

const offsets = (m: CardMemory, now: Date) =>
  Object.values(intervals(f, m, now)).map((iso) => Date.parse(iso) - now.getTime());

describe('FSRS intervals as offsets from the read', () => {
  it('stay the same through a UTC day, in every state', () => {
    expect(new Set(cards().map((c) => c.state))).toEqual(new Set([0, 1, 2, 3]));
    for (const card of cards()) {
      const day = new Date('2026-02-10T00:00:00Z').getTime();
      const first = offsets(card, new Date(day + 1));
      for (const at of [1 * HOUR, 9.5 * HOUR, 17 * HOUR + 123, 24 * HOUR - 1])
        expect(offsets(card, new Date(day + at)), `state ${card.state} at +${at} ms`).toEqual(first);
    }
  });

  it('may change from one UTC day to the next (why the kept queue ends at UTC midnight)', () => {
    const review = cards().find((c) => c.state === 2)!;
    const day = new Date('2026-02-10T00:00:00Z').getTime();
    expect(offsets(review, new Date(day + 23 * HOUR))).not.toEqual(
      offsets(review, new Date(day + 48 * HOUR)),
    );
  });
});
