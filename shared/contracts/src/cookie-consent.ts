// The cookie consent's schema; its choices and the check of a stored value are in cookie-consent-constants.ts
// (no zod: the shell's banner and the SDK read them on every page), re-exported here.
import { z } from 'zod';

export * from './cookie-consent-constants.ts';

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
