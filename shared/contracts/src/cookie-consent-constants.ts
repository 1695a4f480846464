// Cookie consent's choices and the check of a stored value, apart from the zod schema (cookie-consent.ts): the
// shell's banner and the SDK read them on every page without loading zod.
import type { CookieConsent } from './cookie-consent.ts';

/** Consent version of spec 1 §9: a stored choice of another version is asked again. */
export const CONSENT_VERSION = '1.0';

/** The optional categories, in the banner's order; necessary is always on and not a choice. */
export const OPTIONAL_CATEGORIES = ['analytics', 'marketing', 'functional'] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];
export type ConsentChoices = Record<OptionalCategory, boolean>;

/** Customize starts with every optional category off (spec 1 §4). */
export const DEFAULT_CHOICES: ConsentChoices = { analytics: false, marketing: false, functional: false };
const ALL_ON: ConsentChoices = { analytics: true, marketing: true, functional: true };

export function consentOf(choices: ConsentChoices, now: Date = new Date()): CookieConsent {
  return { necessary: true, ...choices, timestamp: now.toISOString(), version: CONSENT_VERSION };
}

/** Reject All: the other three off. Accept All: all on. */
export const rejectAll = (now?: Date) => consentOf(DEFAULT_CHOICES, now);
export const acceptAll = (now?: Date) => consentOf(ALL_ON, now);

/** A stored value that still counts: well-formed and of the current version; anything else asks again. */
export function currentConsent(stored: unknown): CookieConsent | undefined {
  return isCookieConsent(stored) && stored.version === CONSENT_VERSION ? pickConsent(stored) : undefined;
}

/** CookieConsentSchema's check without zod (a test holds the two in step). */
function isCookieConsent(value: unknown): value is CookieConsent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    v.necessary === true &&
    OPTIONAL_CATEGORIES.every((c) => typeof v[c] === 'boolean') &&
    typeof v.timestamp === 'string' &&
    typeof v.version === 'string'
  );
}

/** The consent's own fields, as the schema's parse keeps them (unknown keys dropped). */
const pickConsent = (v: CookieConsent): CookieConsent => ({
  necessary: true,
  analytics: v.analytics,
  marketing: v.marketing,
  functional: v.functional,
  timestamp: v.timestamp,
  version: v.version,
});
