// Who sees a remote's canary (no zod: the shell's registry reads it on every page). A learner's place is a
// hash of the remote's name and their id, so it is the same on every load and device (sticky), and a
// learner in one remote's 10 % is not thereby in every other remote's.

/** A canary's share of learners, in percent: more than none, less than all (all is a promotion). */
export const CANARY_SHARE_MIN = 0.01;
export const CANARY_SHARE_MAX = 99.99;

/** localStorage key of the anonymous id a visitor is assigned by before they log in. */
export const CANARY_ANONYMOUS_ID_KEY = 'mindpath.canary-id';

/** FNV-1a, 32 bits: fast, dependency-free and evenly spread over short ids (a uuid, a learner id). */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // a final avalanche: FNV's low bits alone follow the last characters too closely
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}

/** The learner's place for this remote, in [0, 100). */
export function canaryBucket(remote: string, id: string): number {
  return (fnv1a(`${remote}:${id}`) % 10_000) / 100;
}

/** Whether the learner (or anonymous visitor) `id` gets the canary of `remote` at `share` percent. */
export function inCanary(remote: string, id: string, share: number): boolean {
  return canaryBucket(remote, id) < share;
}
