// What a payment event does, whichever provider sent it (the sandbox sends Stripe's events too). Each event
// id is recorded in the transaction of its effect, so a redelivery changes nothing twice; the subscription
// rules in subscription-state.ts make the order of events not matter.
import { PLANS } from '@mindpath/contracts/subscriptions';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { AppError } from '../lib/app-error.ts';
import type { CardSummary, PaidCheckout, PaymentsProvider } from './provider.ts';
import {
  findUserIdByCustomer,
  insertPayment,
  lockSubscriptionState,
  markSessionPaid,
  recordEventOnce,
  saveSubscriptionState,
  setCustomerId,
} from './repository.ts';
import { applyChange, oneMonthAfter, type SubscriptionChange } from './subscription-state.ts';

/** The part of a Stripe event every handler reads. */
const EventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string(),
  created: z.number().int().nonnegative(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type PaymentEvent = z.infer<typeof EventSchema>;

const nullableId = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

const CheckoutSessionObject = z.object({
  id: z.string(),
  client_reference_id: nullableId,
  customer: nullableId,
  subscription: nullableId,
  payment_status: z.string(),
});

const InvoiceObject = z.object({
  id: z.string(),
  customer: z.string(),
  amount_paid: z.number().int().nonnegative(),
  amount_due: z.number().int().nonnegative(),
  currency: z.string(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: z.number().int() }) })) }).optional(),
  parent: z.object({ subscription_details: z.object({ subscription: z.string() }).nullish() }).nullish(),
});

const SubscriptionObject = z.object({
  id: z.string(),
  customer: z.string(),
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  ended_at: z.number().int().nullish(),
  items: z.object({ data: z.array(z.object({ current_period_end: z.number().int() })) }).optional(),
});

/** Statuses in which a subscription still gives access (Stripe's names). */
const LIVE_STATUSES = new Set(['active', 'trialing']);

export const PAYMENT_DESCRIPTION = `${PLANS.pro.name} plan, monthly`;

const fromUnix = (seconds: number) => new Date(seconds * 1000);

export interface EventDeps {
  db: Db;
  provider: PaymentsProvider;
  log: FastifyBaseLogger;
}

export function parsePaymentEvent(value: unknown): PaymentEvent {
  const parsed = EventSchema.safeParse(value);
  if (!parsed.success) throw new AppError(400, 'BAD_EVENT', 'The payment event is malformed');
  return parsed.data;
}

function parseObject<T extends z.ZodType>(schema: T, event: PaymentEvent): z.infer<T> {
  const parsed = schema.safeParse(event.data.object);
  if (!parsed.success) throw new AppError(400, 'BAD_EVENT', `The ${event.type} event is malformed`);
  return parsed.data;
}

async function applyToSubscription(tx: Tx, userId: string, change: SubscriptionChange): Promise<void> {
  const state = await lockSubscriptionState(tx, userId);
  if (state) await saveSubscriptionState(tx, userId, applyChange(state, change));
}

/**
 * A paid checkout makes its learner Pro for a month, once: only the open session of that learner flips to
 * paid, so the webhook and confirm (when the webhook is late) can both call it.
 */
export async function fulfillCheckout(tx: Tx, paid: PaidCheckout, at: Date): Promise<boolean> {
  const session = await markSessionPaid(tx, paid.sessionId, paid.userId, {
    customerId: paid.customerId,
    providerSubscriptionId: paid.subscriptionId,
    paidAt: at,
  });
  if (!session) return false;
  if (paid.customerId) await setCustomerId(tx, paid.userId, paid.customerId);
  await applyToSubscription(tx, paid.userId, {
    kind: 'paid',
    at,
    subscriptionId: paid.subscriptionId,
    periodEnd: oneMonthAfter(at),
  });
  return true;
}

async function onCheckoutCompleted(tx: Tx, event: PaymentEvent, at: Date): Promise<void> {
  const session = parseObject(CheckoutSessionObject, event);
  if (session.payment_status !== 'paid' || !session.client_reference_id) return;
  await fulfillCheckout(
    tx,
    {
      sessionId: session.id,
      userId: session.client_reference_id,
      customerId: session.customer,
      subscriptionId: session.subscription,
    },
    at,
  );
}

async function onInvoice(
  tx: Tx,
  deps: EventDeps,
  event: PaymentEvent,
  at: Date,
  card: CardSummary | null,
): Promise<void> {
  const invoice = parseObject(InvoiceObject, event);
  const userId = await findUserIdByCustomer(tx, invoice.customer);
  if (!userId) {
    deps.log.warn({ eventId: event.id, customer: invoice.customer }, 'payment event for an unknown customer');
    return;
  }
  const paid = event.type === 'invoice.paid';
  await insertPayment(tx, {
    userId,
    invoiceId: invoice.id,
    amountCents: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status: paid ? 'paid' : 'failed',
    description: PAYMENT_DESCRIPTION,
    cardBrand: card?.brand ?? null,
    cardLast4: card?.last4 ?? null,
    createdAt: at,
  });
  if (!paid) return;
  const periodEnd = invoice.lines?.data[0]?.period.end;
  await applyToSubscription(tx, userId, {
    kind: 'paid',
    at,
    subscriptionId: invoiceSubscription(invoice),
    periodEnd: periodEnd ? fromUnix(periodEnd) : oneMonthAfter(at),
  });
}

const invoiceSubscription = (invoice: z.infer<typeof InvoiceObject>) =>
  invoice.parent?.subscription_details?.subscription ?? null;

async function onSubscription(tx: Tx, deps: EventDeps, event: PaymentEvent, at: Date): Promise<void> {
  const subscription = parseObject(SubscriptionObject, event);
  const userId = await findUserIdByCustomer(tx, subscription.customer);
  if (!userId) {
    deps.log.warn(
      { eventId: event.id, customer: subscription.customer },
      'payment event for an unknown customer',
    );
    return;
  }
  if (event.type === 'customer.subscription.deleted') {
    const endedAt = subscription.ended_at ? fromUnix(subscription.ended_at) : at;
    await applyToSubscription(tx, userId, { kind: 'ended', at, subscriptionId: subscription.id, endedAt });
    return;
  }
  const periodEnd = subscription.items?.data[0]?.current_period_end;
  await applyToSubscription(tx, userId, {
    kind: 'updated',
    at,
    subscriptionId: subscription.id,
    live: LIVE_STATUSES.has(subscription.status),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    periodEnd: periodEnd ? fromUnix(periodEnd) : null,
  });
}

/** The card of an invoice's subscription, asked of the provider before the transaction (a network call). */
async function invoiceCard(deps: EventDeps, event: PaymentEvent): Promise<CardSummary | null> {
  if (event.type !== 'invoice.paid' && event.type !== 'invoice.payment_failed') return null;
  const subscriptionId = invoiceSubscription(parseObject(InvoiceObject, event));
  return subscriptionId ? deps.provider.cardOf(subscriptionId) : null;
}

/** Handles one verified event; answers whether it was new (false: already handled, nothing changed). */
export async function handlePaymentEvent(deps: EventDeps, event: PaymentEvent): Promise<boolean> {
  const card = await invoiceCard(deps, event);
  const at = fromUnix(event.created);
  return deps.db.transaction(async (tx) => {
    if (!(await recordEventOnce(tx, event.id, event.type))) return false;
    switch (event.type) {
      case 'checkout.session.completed':
        await onCheckoutCompleted(tx, event, at);
        break;
      case 'invoice.paid':
      case 'invoice.payment_failed':
        await onInvoice(tx, deps, event, at, card);
        break;
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        await onSubscription(tx, deps, event, at);
        break;
      default:
        deps.log.debug({ eventId: event.id, type: event.type }, 'payment event not handled');
    }
    return true;
  });
}
