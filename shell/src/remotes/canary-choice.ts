import { CANARY_ANONYMOUS_ID_KEY, inCanary } from '@mindpath/contracts/canary-constants';
import type { RemoteName, RemoteRelease } from '@mindpath/contracts/remotes';
import { localStore } from '@mindpath/sdk/local-store';

// Which version of a remote this browser loads: the canary for the learners whose id hashes into its share,
// the stable version for everyone else. The id is read without a request, so the choice is made as soon as
// /remotes.json is read.

/** The version the registry hands to the federation runtime. */
export interface ChosenRelease {
  version: string;
  entry: string;
  canary: boolean;
}

export function chooseRelease(name: RemoteName, release: RemoteRelease, id: string): ChosenRelease {
  const { canary } = release;
  if (canary && inCanary(name, id, canary.share))
    return { version: canary.version, entry: canary.entry, canary: true };
  return { version: release.version, entry: release.entry, canary: false };
}

/** A JWT's `sub` (the learner's id), read without verifying the token: it only picks a release. */
export function subjectOf(token: string): string | undefined {
  try {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub !== '' ? sub : undefined;
  } catch {
    return undefined;
  }
}

/** A v4 uuid; crypto.randomUUID exists only in secure contexts, getRandomValues everywhere. */
function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Storage refused (private mode, disabled): the visitor keeps one id for this page at least. */
let pageOnlyId: string | undefined;

/** This browser's anonymous id, made once and kept in localStorage, so a visitor's choice is sticky too. */
export function anonymousCanaryId(): string {
  try {
    const storage = globalThis.localStorage;
    const kept = storage.getItem(CANARY_ANONYMOUS_ID_KEY);
    if (kept) return kept;
    const made = pageOnlyId ?? randomId();
    storage.setItem(CANARY_ANONYMOUS_ID_KEY, made);
    return made;
  } catch {
    pageOnlyId ??= randomId();
    return pageOnlyId;
  }
}

/** The id the canary choice hashes: the logged-in learner's id, else this browser's anonymous id. */
export function canaryId(): string {
  const token = localStore.get('token');
  return (typeof token === 'string' && subjectOf(token)) || anonymousCanaryId();
}
