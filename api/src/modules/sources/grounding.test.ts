import { describe, expect, it } from 'vitest';
import { spreadEvenly } from './grounding.ts';

describe('a span holding more passages than a lesson takes', () => {
  it('gives passages spread evenly over it, its first and last included, in order', () => {
    const ordinals = Array.from({ length: 20 }, (_, i) => i);
    expect(spreadEvenly(ordinals, 8)).toEqual([0, 3, 5, 8, 11, 14, 16, 19]);
    expect(spreadEvenly(ordinals, 2)).toEqual([0, 19]);
    expect(spreadEvenly([4, 5, 6], 8)).toEqual([4, 5, 6]);
    expect(spreadEvenly(ordinals, 1)).toEqual([0]);
  });
});
