import { z } from 'zod';

/** Consent version of spec 1 §9: a stored choice of another version is asked again. */
export const CONSENT_VERSION = '1.0';

/** The optional categories, in the banner's order; necessary is always on and not a choice. */
export const OPTIONAL_CATEGORIES = ['analytics', 'marketing', 'functional'] as const;
export type OptionalCategory = (typeof OPTIONAL_CATEGORIES)[number];
export type ConsentChoices = Record<OptionalCategory, boolean>;

/** Cookie consent as spec 1 §3 stores it locally. */
export const CookieConsentSchema = z.object({
  necessary: z.literal(true),
  analytics: z.boolean(),
  marketing: z.boolean(),
  functional: z.boolean(),
  timestamp: z.string(),
  version: z.string(),
});
export type CookieConsent = z.infer<typeof CookieConsentSchema>;

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
  const parsed = CookieConsentSchema.safeParse(stored);
  return parsed.success && parsed.data.version === CONSENT_VERSION ? parsed.data : undefined;
}
