// PAYMENTS=sandbox: the built-in card processor. Its checkout page is served by this server (routes.ts); its
// "account" is this database: the sessions, the subscription it made and the card's brand and last four.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import type { PaymentsProvider } from '../provider.ts';
import { findSessionBySubscription } from '../repository.ts';

export const SANDBOX_PUBLIC_KEY = 'pk_sandbox_mindpath';

/** An id in the provider's style: a prefix and random hex (Stripe's ids are opaque strings like these). */
export const sandboxId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

/** The checkout page of a session, on this server. */
export const checkoutPagePath = (sessionId: string) => `/checkout/${sessionId}`;

export function createSandboxProvider(db: Db, webhookSecret: string): PaymentsProvider {
  return {
    name: 'sandbox',
    publicKey: SANDBOX_PUBLIC_KEY,
    webhookSecret,
    async createCheckout({ customerId }) {
      const sessionId = sandboxId('cs');
      return { sessionId, url: checkoutPagePath(sessionId), customerId: customerId ?? sandboxId('cus') };
    },
    // the page delivers its events before it redirects, so the database already tells whether it was paid
    findPaidCheckout: async () => null,
    // the sandbox charges once per checkout and never renews, so a cancel has nothing to stop here
    cancelAtPeriodEnd: async () => {},
    // likewise: its one charge is made, nothing is scheduled, so ending the subscription is our record's 'ended'
    cancelNow: async () => {},
    async cardOf(subscriptionId) {
      const session = await findSessionBySubscription(db, subscriptionId);
      return session?.cardBrand && session.cardLast4
        ? { brand: session.cardBrand, last4: session.cardLast4 }
        : null;
    },
  };
}
