import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './env.ts';

/** Where the shell keeps the cookie choice (@mindpath/sdk local-store: 'mindpath.' + cookieConsent). */
export const CONSENT_KEY = 'mindpath.cookieConsent';

/**
 * Every suite starts with the cookie choice made (Reject All), so the banner stays out of flows that are
 * not about it; landing.spec.ts starts without one (test.use({ storageState: NO_CHOICE })).
 */
const REJECTED = JSON.stringify({
  necessary: true,
  analytics: false,
  marketing: false,
  functional: false,
  timestamp: '2026-01-01T00:00:00.000Z',
  version: '1.0',
});

/** The storage state of a browser that made the choice on `origin`. */
export const choiceMadeOn = (origin: string) => ({
  cookies: [],
  origins: [{ origin, localStorage: [{ name: CONSENT_KEY, value: REJECTED }] }],
});

export const CHOICE_MADE = choiceMadeOn(E2E_BASE_URL);

/** The same choice on whatever origin the page opens (a second server a suite starts, on its own port). */
export async function cookieChoiceMade(page: Page): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [CONSENT_KEY, REJECTED] as const,
  );
}

export const NO_CHOICE = { cookies: [], origins: [] };
