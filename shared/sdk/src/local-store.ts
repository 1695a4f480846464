/**
 * The one typed localStorage helper: every persisted preference and its type live here, so no remote
 * invents a key of its own. Reads never throw (private mode, quota, corrupt JSON give the fallback).
 */
export interface LocalKeys {
  token: string;
  theme: 'light' | 'dark';
  rememberMe: boolean;
  /** the username shown in settings; kept locally (spec: Profile) */
  username: string;
  avatar: string;
}

const PREFIX = 'mindpath.';

export const localStore = {
  get<K extends keyof LocalKeys>(key: K): LocalKeys[K] | undefined {
    try {
      const raw = globalThis.localStorage?.getItem(PREFIX + key);
      return raw == null ? undefined : (JSON.parse(raw) as LocalKeys[K]);
    } catch {
      return undefined;
    }
  },
  set<K extends keyof LocalKeys>(key: K, value: LocalKeys[K]): void {
    try {
      globalThis.localStorage?.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // storage full or disabled: the preference lives for this page only
    }
  },
  remove(key: keyof LocalKeys): void {
    try {
      globalThis.localStorage?.removeItem(PREFIX + key);
    } catch {
      // nothing stored
    }
  },
};

/** Session-scoped flags (sessionStorage), same rules. */
export interface SessionKeys {
  /** set by register so the goals page can greet the new learner (spec 1 §2) */
  fromRegistration: boolean;
}

export const sessionStore = {
  get<K extends keyof SessionKeys>(key: K): SessionKeys[K] | undefined {
    try {
      const raw = globalThis.sessionStorage?.getItem(PREFIX + key);
      return raw == null ? undefined : (JSON.parse(raw) as SessionKeys[K]);
    } catch {
      return undefined;
    }
  },
  set<K extends keyof SessionKeys>(key: K, value: SessionKeys[K]): void {
    try {
      globalThis.sessionStorage?.setItem(PREFIX + key, JSON.stringify(value));
    } catch {
      // ignore
    }
  },
  remove(key: keyof SessionKeys): void {
    try {
      globalThis.sessionStorage?.removeItem(PREFIX + key);
    } catch {
      // ignore
    }
  },
};
