import { localStore } from '@mindpath/sdk/local-store';
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
export const DEFAULT_THEME: Theme = 'dark';

/** The stored theme (localStore 'theme'), dark when none or invalid (spec 1 §9). */
export function readTheme(): Theme {
  const stored = localStore.get('theme');
  return stored === 'light' || stored === 'dark' ? stored : DEFAULT_THEME;
}

export function applyTheme(theme: Theme): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
}

const listeners = new Set<() => void>();
let current: Theme | undefined;

/**
 * The page's one theme: a tiny external store (shared with every remote through the `@mindpath/ui/`
 * singleton), persisted in localStore and applied as `data-theme` on <html>.
 */
export const themeStore = {
  get(): Theme {
    current ??= readTheme();
    return current;
  },
  set(theme: Theme): void {
    current = theme;
    localStore.set('theme', theme);
    applyTheme(theme);
    for (const l of listeners) l();
  },
  toggle(): void {
    themeStore.set(themeStore.get() === 'dark' ? 'light' : 'dark');
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** forget the cached value (tests) */
  reset(): void {
    current = undefined;
  },
};

export function useTheme(): { theme: Theme; setTheme: (t: Theme) => void; toggleTheme: () => void } {
  const theme = useSyncExternalStore(themeStore.subscribe, themeStore.get, () => DEFAULT_THEME);
  return { theme, setTheme: themeStore.set, toggleTheme: themeStore.toggle };
}

const SunIcon = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
  </svg>
);
const MoonIcon = () => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
  </svg>
);

/** The light/dark switch; styling comes from the caller's className. */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, toggleTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={className}
      onClick={toggleTheme}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
