// Checkout, confirmation, cancellation and billing history (spec 1 §7 Subscriptions): the learner-facing
// side of the payments provider. The subscription's truth is the server's: only payment events and these
// calls change it, never the client.
import {
  type BillingHistory,
  type CheckoutSession,
  isPro,
  PaymentStatusSchema,
  type SubscriptionStatus,
} from '@mindpath/contracts/subscriptions';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AppParts } from '../../lib/app-parts.ts';
import { fulfillCheckout } from '../../payments/events.ts';
import {
  findCheckoutSession,
  findCustomerId,
  insertCheckoutSession,
  listPayments,
  lockSubscriptionState,
  saveSubscriptionState,
  setCustomerId,
} from '../../payments/index.ts';
import { applyChange } from '../../payments/subscription-state.ts';
import { findUserById } from '../users/index.ts';
import { findSubscription } from './repository.ts';
import { getStatus, toStatus } from './service.ts';

/** What this file's functions use of the app. */
type Deps = AppParts<'db' | 'log' | 'now' | 'payments'>;

export const BILLING_MESSAGES = {
  alreadyPro: 'You already have an active Pro subscription.',
  sessionNotFound: 'Checkout session not found',
  notPaid: 'This checkout has not been paid yet.',
  notPro: 'You have no active Pro subscription to cancel.',
  cancelled: 'Your subscription has been cancelled.',
  providerDown: 'The payment service could not be reached. Please try again.',
} as const;

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A provider call: its failure is logged and told as a retryable 502, never as internals. */
async function withProvider<T>(deps: Deps, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    deps.log.error({ err: error }, `payments provider: ${what} failed`);
    throw new AppError(502, 'PAYMENTS_UNAVAILABLE', BILLING_MESSAGES.providerDown);
  }
}

export async function createCheckoutSession(
  deps: Deps,
  userId: string,
  origin: string,
): Promise<CheckoutSession> {
  const [user, status, knownCustomer] = await Promise.all([
    findUserById(deps.db, userId),
    getStatus(deps.db, userId, deps.now()),
    findCustomerId(deps.db, userId),
  ]);
  if (!user) throw notFound();
  if (isPro(status)) throw new AppError(409, 'ALREADY_PRO', BILLING_MESSAGES.alreadyPro);
  const created = await withProvider(deps, 'create checkout', () =>
    deps.payments.createCheckout({ userId, email: user.email, customerId: knownCustomer, origin }),
  );
  // the customer is known before any event names it, so invoice events find their learner
  if (created.customerId !== knownCustomer) await setCustomerId(deps.db, userId, created.customerId);
  await insertCheckoutSession(deps.db, {
    id: created.sessionId,
    userId,
    provider: deps.payments.name,
    customerId: created.customerId,
  });
  return { sessionId: created.sessionId, publicKey: deps.payments.publicKey, url: created.url };
}

/**
 * Confirms the learner's own paid session and answers the status; idempotent. When the webhook has not come
 * yet the provider is asked, and a paid session is fulfilled here (the later event then changes nothing).
 */
export async function confirmCheckout(
  deps: Deps,
  userId: string,
  sessionId: string,
): Promise<SubscriptionStatus> {
  const session = await findCheckoutSession(deps.db, sessionId);
  if (!session || session.userId !== userId) throw notFound(BILLING_MESSAGES.sessionNotFound);
  if (session.status !== 'paid') {
    const paid = await withProvider(deps, 'find paid checkout', () =>
      deps.payments.findPaidCheckout(sessionId),
    );
    const fulfilled =
      paid?.userId === userId && (await deps.db.transaction((tx) => fulfillCheckout(tx, paid, deps.now())));
    if (!fulfilled) throw new AppError(409, 'CHECKOUT_NOT_PAID', BILLING_MESSAGES.notPaid);
  }
  return getStatus(deps.db, userId, deps.now());
}

/**
 * Cancels at the end of the paid period (spec 1 §4, spec 2 §4): the tier stays pro, inactive, until
 * endDate; the learner is free after it. Only an active Pro can cancel.
 */
export async function cancelSubscription(deps: Deps, userId: string): Promise<{ message: string }> {
  const now = deps.now();
  const row = await findSubscription(deps.db, userId);
  if (!row || !isPro(toStatus(row, now))) throw new AppError(409, 'NOT_PRO', BILLING_MESSAGES.notPro);
  const subscriptionId = row.providerSubscriptionId;
  if (subscriptionId) {
    await withProvider(deps, 'cancel subscription', () => deps.payments.cancelAtPeriodEnd(subscriptionId));
  }
  const endDate = await deps.db.transaction(async (tx) => {
    const state = await lockSubscriptionState(tx, userId);
    if (!state) return null;
    const next = applyChange(state, { kind: 'cancelled', at: now });
    await saveSubscriptionState(tx, userId, next);
    return next.endDate;
  });
  return {
    message:
      endDate && endDate > now
        ? `${BILLING_MESSAGES.cancelled} You keep Pro until ${longDate(endDate)}.`
        : BILLING_MESSAGES.cancelled,
  };
}

export async function billingHistory(deps: Deps, userId: string): Promise<BillingHistory> {
  const rows = await listPayments(deps.db, userId);
  return {
    payments: rows.map((p) => ({
      id: p.id,
      createdAt: p.createdAt.toISOString(),
      amountCents: p.amountCents,
      currency: p.currency,
      status: PaymentStatusSchema.parse(p.status),
      description: p.description,
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
    })),
  };
}

/**
 * Ends the learner's subscription now, at the provider and in our record (the account is being deleted):
 * no renewal and nothing more is charged. A subscription already over is left alone; idempotent. A provider
 * failure is thrown as it came (the caller decides how to tell it).
 */
export async function endSubscriptionNow(
  deps: Pick<Deps, 'db' | 'now' | 'payments'>,
  userId: string,
): Promise<{ cancelled: boolean }> {
  const now = deps.now();
  const row = await findSubscription(deps.db, userId);
  const subscriptionId = row?.providerSubscriptionId;
  const running = row !== undefined && (row.endDate === null || row.endDate > now);
  if (!subscriptionId || !running) return { cancelled: false };
  await deps.payments.cancelNow(subscriptionId);
  await deps.db.transaction(async (tx) => {
    const state = await lockSubscriptionState(tx, userId);
    if (state)
      await saveSubscriptionState(
        tx,
        userId,
        applyChange(state, { kind: 'ended', at: now, subscriptionId, endedAt: now }),
      );
  });
  return { cancelled: true };
}
