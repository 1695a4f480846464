import { bus } from '@mindpath/events';
import { Button } from '@mindpath/ui/button';
import { Modal } from '@mindpath/ui/modal';
import { useState } from 'react';
import { Link } from 'react-router';
import { LOCAL_DATA, PRIVACY_FACTS } from '../../privacy-policy/index.ts';
import { clearLocalPreferences } from '../utils/clear-local-preferences.ts';
import { CalendarFeed } from './calendar-feed.tsx';
import { CookieChoice } from './cookie-choice.tsx';
import { DataExport } from './data-export.tsx';
import { DeleteAccount } from './delete-account.tsx';
import { MaterialStorage } from './material-storage.tsx';
import styles from './settings.module.css';
import { SettingsSection } from './settings-section.tsx';

export const CLEARED_MESSAGE = 'Local preferences cleared';

/** Settings → Privacy: what is stored where, the policy, and clearing this device's preferences. */
export function PrivacyTab() {
  const [confirming, setConfirming] = useState(false);

  function clear() {
    clearLocalPreferences();
    setConfirming(false);
    bus.emit('toast', { message: CLEARED_MESSAGE, kind: 'success', durationMs: 3000 });
  }

  return (
    <div className={styles.stack}>
      <SettingsSection
        title="Privacy"
        description="What Mindpath keeps about you, and where. The full details are in the privacy policy."
      >
        <div className={styles.columns}>
          <div className={styles.infoCard}>
            <h3 className={styles.infoTitle}>On our servers</h3>
            <ul className={styles.infoList}>
              <li>Your account: email and username (the password only as a hash)</li>
              <li>Learning data: goals, assessments, roadmaps, lessons, progress and AI chats</li>
              <li>Your notes and their connections</li>
              <li>Material you add to goals: the files and pages, and the text read from them</li>
              <li>Subscription status (card details stay with the payment provider)</li>
            </ul>
            <p className={styles.muted}>
              Kept {PRIVACY_FACTS.accountRetention}; logs for {PRIVACY_FACTS.logRetention}. Rights requests
              are answered {PRIVACY_FACTS.rightsResponse}.
            </p>
          </div>
          <div className={styles.infoCard}>
            <h3 className={styles.infoTitle}>On this device</h3>
            <ul className={styles.infoList}>
              {LOCAL_DATA.map((item) => (
                <li key={item.name}>
                  <strong>{item.name}</strong> — {item.detail}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p>
          <Link to="/privacy-policy" className={styles.link}>
            Read the privacy policy
          </Link>
        </p>
      </SettingsSection>

      <DataExport />

      <MaterialStorage />

      <CookieChoice />

      <CalendarFeed />

      <SettingsSection
        title="Clear local preferences"
        description="Resets theme, remember-me, username, avatar, cookie choices and focus timer settings on this device. You stay logged in and nothing on our servers changes."
      >
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Clear local preferences
          </Button>
        </div>
      </SettingsSection>

      <DeleteAccount />

      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        role="alertdialog"
        size="sm"
        title="Clear local preferences?"
        description="Your theme, remember-me flag, username, avatar, cookie choices and focus timer settings on this device will be reset. You stay logged in."
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" onClick={clear}>
              Clear preferences
            </Button>
          </>
        }
      />
    </div>
  );
}

/** Default export as well: the federation exposes map and lifecycles import this file directly. */
export default PrivacyTab;
