import { describe, expect, it } from 'vitest';
import { buildingOf, buildingSearch } from './building-param.ts';

const id = '0b6f3c1e-8a3b-4c7e-9f00-1234567890ab';

describe('the building roadmap in the URL', () => {
  it('round-trips the goal and the path', () => {
    const search = buildingSearch({ goalId: id, path: 'take' });
    expect(search).toBe(`?building=${id}&path=take`);
    expect(buildingOf(new URLSearchParams(search))).toEqual({ goalId: id, path: 'take' });
  });

  it('reads the skip path by default, and nothing from a missing or mangled id', () => {
    expect(buildingOf(new URLSearchParams(`?building=${id}`))).toEqual({ goalId: id, path: 'skip' });
    expect(buildingOf(new URLSearchParams(''))).toBeNull();
    expect(buildingOf(new URLSearchParams('?building=../../etc'))).toBeNull();
  });

  it('keeps the material path', () => {
    const search = buildingSearch({ goalId: id, path: 'material' });
    expect(buildingOf(new URLSearchParams(search))).toEqual({ goalId: id, path: 'material' });
  });
});
