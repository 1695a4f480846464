export const SETTINGS_TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'avatar', label: 'Avatar' },
  { key: 'privacy', label: 'Privacy' },
  { key: 'subscription', label: 'Subscription' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['key'];

/** The tab to open: navigation state `activeTab` when it names one (spec 1 §2), else Profile. */
export function initialTab(state: unknown): SettingsTab {
  const wanted = (state as { activeTab?: unknown } | null)?.activeTab;
  return SETTINGS_TABS.find((t) => t.key === wanted)?.key ?? 'profile';
}
