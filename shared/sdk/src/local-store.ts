import type { CookieConsent } from '@mindpath/contracts/cookie-consent';
import type {
  AmbientSound,
  PomodoroSettings,
  PomodoroTimerState,
  RecordPomodoroSession,
} from '@mindpath/contracts/pomodoro';

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
  /** the avatar theme chosen in settings */
  userAvatar: string;
  /** the focus timer's settings as last saved (the fallback when the server cannot be read, spec 2 §8) */
  pomodoroSettings: PomodoroSettings;
  pomodoroState: PomodoroTimerState;
  /** the timer's panel is open (false: collapsed to the small timer) */
  pomodoroVisible: boolean;
  pomodoroAmbientSound: AmbientSound;
  pomodoroSoundPlaying: boolean;
  /** 0 to 1 */
  pomodoroVolume: number;
  /** focus sessions not yet accepted by the server (offline), sent once it answers */
  pomodoroPending: RecordPomodoroSession[];
  /** the cookie banner's choice (spec 1 §3); read through cookie-consent.ts, which checks its version */
  cookieConsent: CookieConsent;
}

const PREFIX = 'mindpath.';

/** The keys spec 2 §3 names are stored under exactly those names; the product's others under 'mindpath.'. */
const SPEC_NAMED = new Set<keyof LocalKeys>([
  'userAvatar',
  'username',
  'pomodoroSettings',
  'pomodoroState',
  'pomodoroVisible',
  'pomodoroAmbientSound',
  'pomodoroSoundPlaying',
]);
/** Where a preference was kept before it took the spec's name: read once, then moved, so none is lost. */
const FORMER_NAMES: Partial<Record<keyof LocalKeys, string>> = {
  userAvatar: 'mindpath.avatar',
  username: 'mindpath.username',
};

export const storageNameOf = (key: keyof LocalKeys) => (SPEC_NAMED.has(key) ? key : PREFIX + key);

/** The stored text of a key, moving it from its former name on first read. */
function readRaw(storage: Storage, key: keyof LocalKeys): string | null {
  const name = storageNameOf(key);
  const raw = storage.getItem(name);
  const former = FORMER_NAMES[key];
  if (raw != null || !former) return raw;
  const moved = storage.getItem(former);
  if (moved != null) {
    storage.setItem(name, moved);
    storage.removeItem(former);
  }
  return moved;
}

export const localStore = {
  get<K extends keyof LocalKeys>(key: K): LocalKeys[K] | undefined {
    try {
      const storage = globalThis.localStorage;
      const raw = storage ? readRaw(storage, key) : null;
      return raw == null ? undefined : (JSON.parse(raw) as LocalKeys[K]);
    } catch {
      return undefined;
    }
  },
  set<K extends keyof LocalKeys>(key: K, value: LocalKeys[K]): void {
    try {
      globalThis.localStorage?.setItem(storageNameOf(key), JSON.stringify(value));
    } catch {
      // storage full or disabled: the preference lives for this page only
    }
  },
  remove(key: keyof LocalKeys): void {
    try {
      globalThis.localStorage?.removeItem(storageNameOf(key));
      const former = FORMER_NAMES[key];
      if (former) globalThis.localStorage?.removeItem(former);
    } catch {
      // nothing stored
    }
  },
};

/** Session-scoped flags (sessionStorage), same rules. */
export interface SessionKeys {
  /** set by register so the goals page can greet the new learner (spec 1 §2) */
  fromRegistration: boolean;
  /** the shell's welcome screen was shown (or skipped) in this session: once per session (spec 1 §2) */
  welcomeShown: boolean;
  /** a shared roadmap's slug whose "Use this roadmap" waits for the visitor to register or log in */
  sharedRoadmapToCopy: string;
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
