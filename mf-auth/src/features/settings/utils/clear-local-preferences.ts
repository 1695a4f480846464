import { forgetConsent } from '@mindpath/sdk/cookie-consent';
import { localStore } from '@mindpath/sdk/local-store';
import { DEFAULT_THEME, themeStore } from '@mindpath/ui/theme';

/** The prefix of every key written through the SDK's localStore (shared/sdk/src/local-store.ts). */
const PREFIX = 'mindpath.';
/** The sign-in token stays: clearing preferences must not log the learner out. */
const KEEP = new Set([`${PREFIX}token`]);
/** Unprefixed names of spec 2 §3 (local storage keys), in case a remote stores one of them directly. */
const SPEC_KEYS = [
  'userAvatar',
  'username',
  'pomodoroSettings',
  'pomodoroState',
  'pomodoroVisible',
  'pomodoroAmbientSound',
  'pomodoroSoundPlaying',
];

/**
 * Settings → Privacy → Clear local preferences: removes every local-only preference (theme, remember-me,
 * username, avatar, cookie consent, focus timer…) but keeps the token, and puts the theme back to the
 * default at once. Returns the keys it removed.
 */
export function clearLocalPreferences(storage: Storage | undefined = globalThis.localStorage): string[] {
  const removed: string[] = [];
  if (storage) {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null) keys.push(key);
    }
    for (const key of keys) {
      if ((key.startsWith(PREFIX) && !KEEP.has(key)) || SPEC_KEYS.includes(key)) {
        storage.removeItem(key);
        removed.push(key);
      }
    }
  }
  // the page's theme store caches the value: reset it (this re-renders every theme consumer) and drop the key
  themeStore.set(DEFAULT_THEME);
  localStore.remove('theme');
  forgetConsent(); // already removed: this tells the cookie banner and the Cookies section

  return removed;
}
