import type { CookieConsent } from '@mindpath/contracts/cookie-consent';
import {
  acceptAll,
  type ConsentChoices,
  consentOf,
  DEFAULT_CHOICES,
  OPTIONAL_CATEGORIES,
  type OptionalCategory,
  rejectAll,
} from '@mindpath/contracts/cookie-consent-constants';
import { bus } from '@mindpath/events';
import { readConsent, saveConsent, useCookieConsent } from '@mindpath/sdk/cookie-consent';
import { Button } from '@mindpath/ui/button';
import { Checkbox } from '@mindpath/ui/checkbox';
import { useEffect, useId, useRef, useState } from 'react';
import styles from './cookie-banner.module.css';
import { useBannerInset } from './use-banner-inset.ts';

const CATEGORY_TEXT: Record<OptionalCategory, { label: string; detail: string }> = {
  analytics: { label: 'Analytics', detail: 'Help us understand how Mindpath is used.' },
  marketing: { label: 'Marketing', detail: 'Let us measure our campaigns and offers.' },
  functional: { label: 'Functional', detail: 'Remember extras such as your layout choices.' },
};

/**
 * The cookie banner (spec 1 §2, §3, §4): Reject All, Customize Settings, Save Preferences, Accept All.
 * Shown while no choice of the current consent version is stored, closed by any choice, reopened at its
 * settings by the 'cookie-settings-open' event (the footer's Cookie settings, Settings → Privacy).
 * A bottom region, not a modal: it never traps focus, and dialogs shrink above it (useBannerInset).
 */
export function CookieBanner() {
  const consent = useCookieConsent();
  /** reopened from Cookie settings while a choice is stored */
  const [reopened, setReopened] = useState(false);
  const [customizing, setCustomizing] = useState(false);
  const [choices, setChoices] = useState<ConsentChoices>(DEFAULT_CHOICES);
  const open = !consent || reopened;
  const root = useRef<HTMLElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const titleId = useId();
  useBannerInset(root, open);

  useEffect(
    () =>
      bus.on('cookie-settings-open', () => {
        const current = readConsent();
        setChoices(current ? { ...current } : DEFAULT_CHOICES);
        returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setReopened(true);
        setCustomizing(true);
        // asked for by the learner: take them to it
        requestAnimationFrame(() => root.current?.focus());
      }),
    [],
  );

  if (!open) return null;

  const choose = (choice: CookieConsent) => {
    saveConsent(choice);
    setReopened(false);
    setCustomizing(false);
    if (returnFocus.current?.isConnected) returnFocus.current.focus();
    returnFocus.current = null;
  };

  return (
    <section
      ref={root}
      className={styles.banner}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-modal-companion="cookie-banner"
    >
      <div className={styles.copy}>
        <h2 id={titleId} className={styles.title}>
          Cookies on Mindpath
        </h2>
        <p className={styles.text}>
          Necessary cookies keep you signed in and remember your settings. With your consent we would also use
          analytics, marketing and functional cookies. You can change this any time under Cookie settings.
        </p>
      </div>
      {customizing ? (
        <fieldset className={styles.categories}>
          <legend className={styles.legend}>Cookie categories</legend>
          <Checkbox role="switch" checked disabled aria-describedby={`${titleId}-necessary`}>
            <span className={styles.categoryLabel}>Necessary</span>
            <span id={`${titleId}-necessary`} className={styles.categoryDetail}>
              Always on: sign-in and your preferences.
            </span>
          </Checkbox>
          {OPTIONAL_CATEGORIES.map((category) => (
            <Checkbox
              key={category}
              role="switch"
              checked={choices[category]}
              onChange={(event) => setChoices((c) => ({ ...c, [category]: event.target.checked }))}
            >
              <span className={styles.categoryLabel}>{CATEGORY_TEXT[category].label}</span>
              <span className={styles.categoryDetail}>{CATEGORY_TEXT[category].detail}</span>
            </Checkbox>
          ))}
        </fieldset>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => choose(rejectAll())}>
          Reject All
        </Button>
        {customizing ? (
          <Button variant="ghost" onClick={() => choose(consentOf(choices))}>
            Save Preferences
          </Button>
        ) : (
          <Button variant="ghost" onClick={() => setCustomizing(true)}>
            Customize Settings
          </Button>
        )}
        <Button variant="secondary" onClick={() => choose(acceptAll())}>
          Accept All
        </Button>
      </div>
    </section>
  );
}
