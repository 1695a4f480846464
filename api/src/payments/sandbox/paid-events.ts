// The events Stripe sends when a subscription checkout is paid, as the sandbox sends them for its own
// sessions: checkout.session.completed, then invoice.paid for the first month.
import { randomBytes } from 'node:crypto';
import { PRO_PRICE_CENTS } from '@mindpath/contracts/subscriptions';
import { oneMonthAfter } from '../subscription-state.ts';

export interface SandboxCharge {
  sessionId: string;
  userId: string;
  customerId: string;
  subscriptionId: string;
  invoiceId: string;
  at: Date;
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

const event = (type: string, at: Date, object: Record<string, unknown>) => ({
  id: `evt_sandbox_${randomBytes(12).toString('hex')}`,
  object: 'event',
  type,
  created: unix(at),
  livemode: false,
  data: { object },
});

export function sandboxPaidEvents(charge: SandboxCharge) {
  const { sessionId, userId, customerId, subscriptionId, invoiceId, at } = charge;
  return [
    event('checkout.session.completed', at, {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: userId,
      customer: customerId,
      subscription: subscriptionId,
      amount_total: PRO_PRICE_CENTS,
      currency: 'usd',
    }),
    event('invoice.paid', at, {
      id: invoiceId,
      object: 'invoice',
      status: 'paid',
      customer: customerId,
      amount_due: PRO_PRICE_CENTS,
      amount_paid: PRO_PRICE_CENTS,
      currency: 'usd',
      lines: { object: 'list', data: [{ period: { start: unix(at), end: unix(oneMonthAfter(at)) } }] },
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    }),
  ];
}
