// Stripe events as the webhook receives them, signed with the stripe package's own test-header helper.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';

export const unix = (date: Date) => Math.floor(date.getTime() / 1000);

export const eventId = () => `evt_test_${randomBytes(8).toString('hex')}`;

export function stripeEvent(type: string, at: Date, object: Record<string, unknown>, id = eventId()) {
  return { id, object: 'event', type, created: unix(at), livemode: false, data: { object } };
}

export function checkoutCompleted(
  at: Date,
  s: { sessionId: string; userId: string; customerId: string; subscriptionId: string },
) {
  return stripeEvent('checkout.session.completed', at, {
    id: s.sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    status: 'complete',
    client_reference_id: s.userId,
    customer: s.customerId,
    subscription: s.subscriptionId,
  });
}

export function invoiceEvent(
  type: 'invoice.paid' | 'invoice.payment_failed',
  at: Date,
  s: { invoiceId: string; customerId: string; subscriptionId: string; periodEnd: Date },
) {
  return stripeEvent(type, at, {
    id: s.invoiceId,
    object: 'invoice',
    customer: s.customerId,
    amount_paid: type === 'invoice.paid' ? 2000 : 0,
    amount_due: 2000,
    currency: 'usd',
    lines: { object: 'list', data: [{ period: { start: unix(at), end: unix(s.periodEnd) } }] },
    parent: { type: 'subscription_details', subscription_details: { subscription: s.subscriptionId } },
  });
}

export function subscriptionEvent(
  type: 'customer.subscription.updated' | 'customer.subscription.deleted',
  at: Date,
  s: {
    subscriptionId: string;
    customerId: string;
    status: string;
    cancelAtPeriodEnd: boolean;
    periodEnd: Date;
    endedAt?: Date;
  },
) {
  return stripeEvent(type, at, {
    id: s.subscriptionId,
    object: 'subscription',
    customer: s.customerId,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    ended_at: s.endedAt ? unix(s.endedAt) : null,
    items: { object: 'list', data: [{ current_period_end: unix(s.periodEnd) }] },
  });
}

/** Posts an event to the webhook route, signed for `secret` at `signedAt` (the app's clock by default). */
export function postEvent(
  app: FastifyInstance,
  event: object,
  options: { secret?: string; signedAt?: Date; signature?: string | null } = {},
) {
  const payload = JSON.stringify(event);
  const signature =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? app.payments.webhookSecret,
          timestamp: unix(options.signedAt ?? app.now()),
        })
      : options.signature;
  return app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}
