// The payment tables: handled event ids, checkout sessions, the billing history, and the subscription row
// as the payment events see it (locked while an event changes it).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { checkoutSessions, paymentEvents, payments, subscriptions } from '../db/schema.ts';
import type { SubscriptionState } from './subscription-state.ts';

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<typeof payments.$inferInsert, 'id'>;

/** Records an event id; false when it was already recorded (the caller then changes nothing). */
export async function recordEventOnce(tx: Tx, id: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function insertCheckoutSession(
  db: Db,
  session: Pick<CheckoutSessionRow, 'id' | 'userId' | 'provider' | 'customerId'>,
): Promise<void> {
  await db.insert(checkoutSessions).values(session).onConflictDoNothing();
}

export async function findCheckoutSession(db: Db | Tx, id: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).limit(1);
  return row;
}

/** Marks an open session paid; undefined when it is not this learner's open session (already paid, or not theirs). */
export async function markSessionPaid(
  tx: Tx,
  id: string,
  userId: string,
  paid: Pick<CheckoutSessionRow, 'customerId' | 'providerSubscriptionId'> & { paidAt: Date },
): Promise<CheckoutSessionRow | undefined> {
  const [row] = await tx
    .update(checkoutSessions)
    .set({ status: 'paid', ...paid })
    .where(
      and(
        eq(checkoutSessions.id, id),
        eq(checkoutSessions.userId, userId),
        eq(checkoutSessions.status, 'open'),
      ),
    )
    .returning();
  return row;
}

/**
 * The sandbox, as the processor, charges an open session once: it claims the session for the subscription
 * it makes and keeps the card (brand and last four only). False when another charge already claimed it.
 */
export async function claimSandboxCharge(
  db: Db,
  id: string,
  charge: { subscriptionId: string; brand: string; last4: string },
): Promise<boolean> {
  const rows = await db
    .update(checkoutSessions)
    .set({ providerSubscriptionId: charge.subscriptionId, cardBrand: charge.brand, cardLast4: charge.last4 })
    .where(
      and(
        eq(checkoutSessions.id, id),
        eq(checkoutSessions.status, 'open'),
        isNull(checkoutSessions.providerSubscriptionId),
      ),
    )
    .returning({ id: checkoutSessions.id });
  return rows.length > 0;
}

/** Gives a claimed session back when its events could not be delivered, so the learner can pay again. */
export async function releaseSandboxCharge(db: Db, id: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ providerSubscriptionId: null, cardBrand: null, cardLast4: null })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
}

export async function findSessionBySubscription(
  db: Db,
  subscriptionId: string,
): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerSubscriptionId, subscriptionId))
    .limit(1);
  return row;
}

export async function insertPayment(tx: Tx, payment: NewPayment): Promise<void> {
  await tx.insert(payments).values(payment).onConflictDoNothing();
}

export async function listPayments(db: Db, userId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** The learner whose payments go through a provider customer. */
export async function findUserIdByCustomer(db: Db | Tx, customerId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId))
    .limit(1);
  return row?.userId;
}

export async function findCustomerId(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ customerId: subscriptions.customerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .limit(1);
  return row?.customerId ?? null;
}

export async function setCustomerId(db: Db | Tx, userId: string, customerId: string): Promise<void> {
  await db.update(subscriptions).set({ customerId }).where(eq(subscriptions.userId, userId));
}

/** The subscription row, locked until the transaction ends, so two events for a learner take turns. */
export async function lockSubscriptionState(tx: Tx, userId: string): Promise<SubscriptionState | undefined> {
  const [row] = await tx
    .select({
      tier: subscriptions.tier,
      isActive: subscriptions.isActive,
      endDate: subscriptions.endDate,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
      stateAt: subscriptions.stateAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update');
  return row;
}

export async function saveSubscriptionState(tx: Tx, userId: string, state: SubscriptionState): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ ...state, updatedAt: sql`now()` })
    .where(eq(subscriptions.userId, userId));
}
