import type { CookieConsent } from '@mindpath/contracts/cookie-consent';
import { currentConsent } from '@mindpath/contracts/cookie-consent-constants';
import { useSyncExternalStore } from 'react';
import { localStore } from './local-store.ts';

// One consent store for the page: the shell's banner writes it, the Privacy tab reads it. The SDK is a
// shared singleton, so every remote sees the same listeners.
const listeners = new Set<() => void>();
let cached: { key: string; value: CookieConsent | undefined } | undefined;

/** The stored choice when it is of the current version; undefined means the banner must ask. */
export function readConsent(): CookieConsent | undefined {
  const raw = localStore.get('cookieConsent');
  // useSyncExternalStore needs the same object while nothing changed
  const key = JSON.stringify(raw) ?? '';
  if (!cached || cached.key !== key) cached = { key, value: currentConsent(raw) };
  return cached.value;
}

const notify = () => {
  cached = undefined;
  for (const listener of listeners) listener();
};

export function saveConsent(consent: CookieConsent): void {
  localStore.set('cookieConsent', consent);
  notify();
}

/** Drops the choice (Settings → Privacy → Clear local preferences): the banner asks again at once. */
export function forgetConsent(): void {
  localStore.remove('cookieConsent');
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.endsWith('cookieConsent')) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

/** The current choice, re-rendering when it changes here or in another tab. */
export function useCookieConsent(): CookieConsent | undefined {
  return useSyncExternalStore(subscribe, readConsent, () => undefined);
}
