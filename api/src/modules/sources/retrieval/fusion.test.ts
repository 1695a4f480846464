import { describe, expect, it } from 'vitest';
import { fuseByReciprocalRank } from './fusion.ts';

const id = (s: string) => s;

describe('fuseByReciprocalRank', () => {
  it('puts first what several lists agree on, above one list’s first place', () => {
    // b: 1/62 + 1/61 beats a: 1/61 alone and c: 1/63 + 1/62
    expect(
      fuseByReciprocalRank(
        [
          ['a', 'b', 'c'],
          ['b', 'c'],
        ],
        id,
      ),
    ).toEqual(['b', 'c', 'a']);
  });

  it('is one list unchanged when given one list', () => {
    expect(fuseByReciprocalRank([['x', 'y', 'z']], id)).toEqual(['x', 'y', 'z']);
    expect(fuseByReciprocalRank([], id)).toEqual([]);
    expect(fuseByReciprocalRank([[], []], id)).toEqual([]);
  });

  it('breaks ties by first appearance: the earlier list, then the higher rank', () => {
    // a and b each come first once; c and d each come second once
    expect(
      fuseByReciprocalRank(
        [
          ['a', 'c'],
          ['b', 'd'],
        ],
        id,
      ),
    ).toEqual(['a', 'b', 'c', 'd']);
    expect(
      fuseByReciprocalRank(
        [
          ['b', 'd'],
          ['a', 'c'],
        ],
        id,
      ),
    ).toEqual(['b', 'a', 'd', 'c']);
  });

  it('counts an item once per list (at its best rank) and keeps it as the first list gave it', () => {
    const fts = [
      { id: 'p1', from: 'fts' },
      { id: 'p2', from: 'fts' },
      { id: 'p1', from: 'fts-again' },
    ];
    const vector = [
      { id: 'p2', from: 'vector' },
      { id: 'p3', from: 'vector' },
    ];
    const fused = fuseByReciprocalRank([fts, vector], (p) => p.id);
    expect(fused.map((p) => p.id)).toEqual(['p2', 'p1', 'p3']);
    expect(fused.find((p) => p.id === 'p2')?.from).toBe('fts');
    expect(fused).toHaveLength(3);
    // a repeat does not add: p1 twice in one list still loses to p2 found by both
    expect(fuseByReciprocalRank([['p1', 'p1', 'p1'], ['p2'], ['p2']], id)[0]).toBe('p2');
  });

  it('weighs rank by k: a small k lets one list’s top win, a large k rewards agreement', () => {
    const lists = [
      ['top', 'x1', 'x2', 'both'],
      ['y1', 'y2', 'y3', 'both'],
    ];
    // k = 0: top 1/1 beats both 1/4 + 1/4; k = 60: both 2/64 beats top 1/61
    expect(fuseByReciprocalRank(lists, id, 0)[0]).toBe('top');
    expect(fuseByReciprocalRank(lists, id, 60)[0]).toBe('both');
    expect(fuseByReciprocalRank(lists, id)[0]).toBe('both');
    expect(() => fuseByReciprocalRank(lists, id, -1)).toThrow(RangeError);
    expect(() => fuseByReciprocalRank(lists, id, Number.NaN)).toThrow(RangeError);
  });
});
