import { PageFrame } from '@mindpath/ui/page-frame';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { RemoteSlot } from '../../remotes/remote-slot.tsx';
import styles from './settings-page.module.css';
import { initialTab, type SettingsTab, visibleTabs } from './settings-tabs.ts';

function TabPanel({ tab }: { tab: SettingsTab }) {
  switch (tab) {
    case 'profile':
      return <RemoteSlot id="auth/ProfileTab" />;
    case 'avatar':
      return <RemoteSlot id="auth/AvatarTab" />;
    case 'privacy':
      return <RemoteSlot id="auth/PrivacyTab" />;
    case 'subscription':
      return <RemoteSlot id="billing/SubscriptionTab" />;
    case 'goals':
      return <RemoteSlot id="goals/GoalsTab" />;
  }
}

/** /settings: the shell's frame with tabs; opens on `location.state.activeTab` (e.g. 'subscription'). */
export function SettingsPage() {
  const location = useLocation();
  const [tab, setTab] = useState<SettingsTab>(() => initialTab(location.state));
  const [lastKey, setLastKey] = useState(location.key);
  if (location.key !== lastKey) {
    // a new navigation to /settings (e.g. Get Pro while already here) honours its activeTab
    setLastKey(location.key);
    setTab(initialTab(location.state));
  }
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  const onKeyDown = (e: KeyboardEvent) => {
    const tabs = visibleTabs(tab);
    const i = tabs.findIndex((t) => t.key === tab);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = tabs[(i + step + tabs.length) % tabs.length]!.key;
    setTab(next);
    refs.current[next]?.focus();
  };

  return (
    <PageFrame title="Settings" intro="Your profile, avatar, privacy choices and subscription.">
      <div role="tablist" aria-label="Settings" className={styles.tabs} onKeyDown={onKeyDown}>
        {visibleTabs(tab).map((t) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[t.key] = el;
            }}
            type="button"
            role="tab"
            id={`settings-tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`settings-panel-${t.key}`}
            tabIndex={tab === t.key ? 0 : -1}
            className={styles.tab}
            onClick={() => setTab(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`settings-panel-${tab}`}
        aria-labelledby={`settings-tab-${tab}`}
        className={styles.panel}
      >
        <TabPanel tab={tab} />
      </div>
    </PageFrame>
  );
}
