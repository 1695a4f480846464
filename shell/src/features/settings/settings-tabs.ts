export const SETTINGS_TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'avatar', label: 'Avatar' },
  { key: 'privacy', label: 'Privacy' },
  { key: 'subscription', label: 'Subscription' },
  // spec 2 §2: a Goals tab exists but no control of the tab bar opens it; activeTab 'goals' does
  { key: 'goals', label: 'Goals', hidden: true },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['key'];

/** The tabs the bar shows: every tab but a hidden one, which shows only while it is open. */
export const visibleTabs = (open: SettingsTab) =>
  SETTINGS_TABS.filter((t) => !('hidden' in t) || t.key === open);

/** The tab to open: navigation state `activeTab` when it names one (spec 1 §2), else Profile. */
export function initialTab(state: unknown): SettingsTab {
  const wanted = (state as { activeTab?: unknown } | null)?.activeTab;
  return SETTINGS_TABS.find((t) => t.key === wanted)?.key ?? 'profile';
}
