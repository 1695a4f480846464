import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canaryBucket, inCanary } from './canary-constants.ts';

describe('canary assignment', () => {
  const ids = Array.from({ length: 10_000 }, () => randomUUID());

  it('is the same for the same learner and remote, every time', () => {
    for (const id of ids.slice(0, 100)) {
      expect(canaryBucket('goals', id)).toBe(canaryBucket('goals', id));
      expect(inCanary('goals', id, 10)).toBe(inCanary('goals', id, 10));
    }
  });

  it('puts 10 ± 2 % of 10,000 learners in a 10 % canary, for every remote', () => {
    for (const remote of ['goals', 'lessons', 'auth']) {
      const share = ids.filter((id) => inCanary(remote, id, 10)).length / ids.length;
      expect(share).toBeGreaterThanOrEqual(0.08);
      expect(share).toBeLessThanOrEqual(0.12);
    }
  });

  it('spreads sequential ids (numeric learner ids) as evenly', () => {
    const seq = Array.from({ length: 10_000 }, (_, i) => String(i + 1));
    const share = seq.filter((id) => inCanary('goals', id, 10)).length / seq.length;
    expect(share).toBeGreaterThanOrEqual(0.08);
    expect(share).toBeLessThanOrEqual(0.12);
  });

  it('keeps a learner in the canary as its share grows, and is independent across remotes', () => {
    const in10 = ids.filter((id) => inCanary('goals', id, 10));
    expect(in10.every((id) => inCanary('goals', id, 50))).toBe(true);
    const both = in10.filter((id) => inCanary('lessons', id, 10)).length / in10.length;
    expect(both).toBeLessThan(0.2); // ~10 % of goals' canary learners are also in lessons', not all of them
  });
});
