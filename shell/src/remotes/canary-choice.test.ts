// @vitest-environment jsdom
import { CANARY_ANONYMOUS_ID_KEY, inCanary } from '@mindpath/contracts/canary-constants';
import type { RemoteRelease } from '@mindpath/contracts/remotes';
import { localStore } from '@mindpath/sdk/local-store';
import { afterEach, describe, expect, it } from 'vitest';
import { anonymousCanaryId, canaryId, chooseRelease, subjectOf } from './canary-choice.ts';

const b64url = (v: string) => btoa(v).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** a token shaped as the API signs it (`sub`: the learner's id); the signature is not read here */
const tokenOf = (sub: string) =>
  `${b64url('{"alg":"HS256","typ":"JWT"}')}.${b64url(JSON.stringify({ sub, iat: 1 }))}.c2ln`;

const release = (share: number): RemoteRelease => ({
  version: 's1',
  entry: '/remotes/goals/s1/mf-manifest.json',
  canary: { version: 'c1', entry: '/remotes/goals/c1/mf-manifest.json', share },
});

afterEach(() => localStorage.clear());

describe('canary choice', () => {
  it('gives the canary to the ids in its share and the stable version to the others, the same every time', () => {
    const ids = Array.from({ length: 400 }, (_, i) => `learner-${i}`);
    for (const id of ids) {
      const chosen = chooseRelease('goals', release(25), id);
      expect(chosen).toEqual(chooseRelease('goals', release(25), id));
      expect(chosen.canary).toBe(inCanary('goals', id, 25));
      expect(chosen.version).toBe(chosen.canary ? 'c1' : 's1');
      expect(chosen.entry).toBe(`/remotes/goals/${chosen.version}/mf-manifest.json`);
    }
    const share = ids.filter((id) => chooseRelease('goals', release(25), id).canary).length / ids.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.35);
  });

  it('gives the stable version when there is no canary', () => {
    expect(chooseRelease('goals', { version: 's1', entry: '/e' }, 'anyone')).toEqual({
      version: 's1',
      entry: '/e',
      canary: false,
    });
  });

  it("reads the learner's id from the stored token's sub", () => {
    const id = '6a1c1e9e-2f6b-4c54-9d1b-4b8f0b2f4d11';
    expect(subjectOf(tokenOf(id))).toBe(id);
    expect(subjectOf('not a token')).toBeUndefined();
    expect(subjectOf(`a.${b64url('{"sub":42}')}.c`)).toBeUndefined();
    localStore.set('token', tokenOf(id));
    expect(canaryId()).toBe(id);
  });

  it('before login, uses an anonymous id made once and kept in localStorage', () => {
    const first = canaryId();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(localStorage.getItem(CANARY_ANONYMOUS_ID_KEY)).toBe(first);
    expect(anonymousCanaryId()).toBe(first);
    // logged in and out again: the visitor is back on the same anonymous id
    localStore.set('token', tokenOf('learner-1'));
    expect(canaryId()).toBe('learner-1');
    localStore.remove('token');
    expect(canaryId()).toBe(first);
  });
});
