import { OPTIONAL_CATEGORIES } from '@mindpath/contracts/cookie-consent-constants';
import { bus } from '@mindpath/events';
import { useCookieConsent } from '@mindpath/sdk/cookie-consent';
import { Button } from '@mindpath/ui/button';
import styles from './settings.module.css';
import { SettingsSection } from './settings-section.tsx';

const LABEL = { analytics: 'Analytics', marketing: 'Marketing', functional: 'Functional' } as const;

/** Settings → Privacy → Cookies: the stored choice, and the way back to the shell's cookie banner. */
export function CookieChoice() {
  const consent = useCookieConsent();
  return (
    <SettingsSection title="Cookies" description="Your cookie choice on this device.">
      {consent ? (
        <>
          <ul className={styles.infoList} aria-label="Your cookie choice">
            <li>Necessary: always on</li>
            {OPTIONAL_CATEGORIES.map((c) => (
              <li key={c}>
                {LABEL[c]}: {consent[c] ? 'on' : 'off'}
              </li>
            ))}
          </ul>
          <p className={styles.muted}>Chosen on {new Date(consent.timestamp).toLocaleDateString()}.</p>
        </>
      ) : (
        <p className={styles.muted}>You have not made a choice yet: only necessary cookies are used.</p>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => bus.emit('cookie-settings-open')}>
          Cookie settings
        </Button>
      </div>
    </SettingsSection>
  );
}
