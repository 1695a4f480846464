// PAYMENTS=stripe: Stripe Checkout in subscription mode through the official package. Customers are made
// once per learner and reused; every write carries an idempotency key, so a retried request (the package
// retries network failures) never makes a second customer, session or cancellation.
import Stripe from 'stripe';
import type { StripeConfig } from '../config.ts';
import { cancelUrl, type PaymentsProvider, successUrl } from './provider.ts';

/** Checkouts of one learner within this window share one session (a double click opens one checkout). */
const CHECKOUT_KEY_WINDOW_MS = 60_000;

/** The package's client, pointed at STRIPE_API_BASE when set (tests run a local server). */
export function stripeClient(config: StripeConfig): Stripe {
  const base = config.apiBase ? new URL(config.apiBase) : undefined;
  return new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function createStripeProvider(config: StripeConfig, now: () => Date): PaymentsProvider {
  const stripe = stripeClient(config);
  return {
    name: 'stripe',
    publicKey: config.publishableKey,
    webhookSecret: config.webhookSecret,
    async createCheckout({ userId, email, customerId, origin }) {
      const customer =
        customerId ??
        (
          await stripe.customers.create(
            { email, metadata: { userId } },
            { idempotencyKey: `customer-${userId}` },
          )
        ).id;
      const window = Math.floor(now().getTime() / CHECKOUT_KEY_WINDOW_MS);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: config.priceId, quantity: 1 }],
          customer,
          client_reference_id: userId,
          subscription_data: { metadata: { userId } },
          // Stripe fills in the session id
          success_url: successUrl(origin, '{CHECKOUT_SESSION_ID}'),
          cancel_url: cancelUrl(origin),
        },
        { idempotencyKey: `checkout-${userId}-${customer}-${window}` },
      );
      if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no URL`);
      return { sessionId: session.id, url: session.url, customerId: customer };
    },
    async findPaidCheckout(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      if (session.payment_status !== 'paid' || !session.client_reference_id) return null;
      return {
        sessionId: session.id,
        userId: session.client_reference_id,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
      };
    },
    async cancelAtPeriodEnd(subscriptionId) {
      await stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey: `cancel-${subscriptionId}` },
      );
    },
    async cancelNow(subscriptionId) {
      try {
        // no proration and no final invoice: nothing more is charged
        await stripe.subscriptions.cancel(
          subscriptionId,
          { invoice_now: false, prorate: false },
          { idempotencyKey: `cancel-now-${subscriptionId}` },
        );
      } catch (error) {
        // already gone at Stripe (cancelled earlier, or ended): nothing left that could charge
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing')
          return;
        throw error;
      }
    },
    async cardOf(subscriptionId) {
      const subscription = await stripe.subscriptions.retrieve(subscriptionId, {
        expand: ['default_payment_method'],
      });
      const method = subscription.default_payment_method;
      const card = typeof method === 'object' ? method?.card : null;
      return card ? { brand: card.brand, last4: card.last4 } : null;
    },
  };
}
