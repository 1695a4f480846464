// POST /api/payments/webhook with Stripe's events, signed by the stripe package's test helper: the signature
// is checked on the raw body, every event id counts once, and events out of order end in the same state.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, paymentEvents, payments } from '../src/db/schema.ts';
import { findUserByEmail } from '../src/modules/users/repository.ts';
import { findCustomerId } from '../src/payments/repository.ts';
import { oneMonthAfter } from '../src/payments/subscription-state.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import {
  checkoutCompleted,
  invoiceEvent,
  postEvent,
  stripeEvent,
  subscriptionEvent,
} from './helpers/payment-events.ts';

const now = new Date('2026-11-23T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());

/** A learner with an open checkout session: the ids Stripe's events name. */
async function learnerAtCheckout() {
  const learner = await registerLearner(t.app);
  const res = await t.api('POST', '/subscriptions/create-checkout-session', learner.headers);
  const { sessionId } = res.json<{ sessionId: string }>();
  const user = await findUserByEmail(t.database.db, learner.email);
  if (!user) throw new Error('no user');
  const customerId = await findCustomerId(t.database.db, user.id);
  if (!customerId) throw new Error('no customer');
  const ids = {
    sessionId,
    userId: user.id,
    customerId,
    subscriptionId: `sub_${sessionId}`,
    invoiceId: `in_${sessionId}`,
    periodEnd: oneMonthAfter(now),
  };
  const status = async () => (await t.api('GET', '/subscriptions/status', learner.headers)).json();
  const history = async () =>
    (await t.api('GET', '/subscriptions/payments', learner.headers)).json().payments;
  return { learner, ids, status, history };
}

const ok = async (res: Awaited<ReturnType<typeof postEvent>>) => {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ received: true });
};

describe('the webhook signature', () => {
  it('refuses a missing, malformed, foreign, stale or mismatched signature with 400 and changes nothing', async () => {
    const { ids, status } = await learnerAtCheckout();
    const event = checkoutCompleted(now, ids);
    const other = checkoutCompleted(now, { ...ids, userId: '00000000-0000-4000-8000-000000000000' });
    const tamperedSignature = (await import('stripe')).default.webhooks.generateTestHeaderString({
      payload: JSON.stringify(other),
      secret: t.app.payments.webhookSecret,
      timestamp: Math.floor(now.getTime() / 1000),
    });
    const attempts = [
      postEvent(t.app, event, { signature: null }),
      postEvent(t.app, event, { signature: 'garbage' }),
      postEvent(t.app, event, { secret: 'whsec_someone_else' }),
      postEvent(t.app, event, { signedAt: new Date(now.getTime() - 10 * 60_000) }),
      postEvent(t.app, event, { signature: tamperedSignature }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'BAD_SIGNATURE',
        message: 'The webhook signature is missing or invalid',
        requestId: expect.any(String),
      });
    }
    const noBody = await t.app.inject({ method: 'POST', url: '/api/payments/webhook' });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().code).toBe('BAD_SIGNATURE');
    expect(await status()).toEqual({ tier: 'free', isActive: false, endDate: null });
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id))).toEqual(
      [],
    );
  });

  it('refuses a signed event that is not an event (400) and records nothing', async () => {
    const res = await postEvent(t.app, { hello: 'world' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_EVENT');
    const broken = stripeEvent('invoice.paid', now, { id: 'in_x' });
    expect((await postEvent(t.app, broken)).statusCode).toBe(400);
    expect(await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.id, broken.id))).toEqual(
      [],
    );
  });
});

describe('payment events', () => {
  it('count once: the same checkout and invoice events delivered twice make one payment and one period', async () => {
    const { ids, status, history } = await learnerAtCheckout();
    const completed = checkoutCompleted(now, ids);
    const paid = invoiceEvent('invoice.paid', now, ids);
    for (const event of [completed, paid, completed, paid]) await ok(await postEvent(t.app, event));
    expect(await status()).toEqual({ tier: 'pro', isActive: true, endDate: ids.periodEnd.toISOString() });
    expect(await history()).toHaveLength(1);
  });

  it('out of order (invoice before checkout) end in the same state', async () => {
    const { ids, status, history } = await learnerAtCheckout();
    await ok(await postEvent(t.app, invoiceEvent('invoice.paid', new Date(now.getTime() + 1000), ids)));
    await ok(await postEvent(t.app, checkoutCompleted(now, ids)));
    expect(await status()).toEqual({ tier: 'pro', isActive: true, endDate: ids.periodEnd.toISOString() });
    expect(await history()).toMatchObject([{ status: 'paid', amountCents: 2000 }]);
    const [session] = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, ids.sessionId));
    expect(session).toMatchObject({ status: 'paid', providerSubscriptionId: ids.subscriptionId });
  });

  it('keep a cancel when an older update arrives after it', async () => {
    const { ids, status } = await learnerAtCheckout();
    await ok(await postEvent(t.app, checkoutCompleted(now, ids)));
    const update = (minutes: number, cancelAtPeriodEnd: boolean) =>
      subscriptionEvent('customer.subscription.updated', new Date(now.getTime() + minutes * 60_000), {
        ...ids,
        status: 'active',
        cancelAtPeriodEnd,
      });
    await ok(await postEvent(t.app, update(10, true)));
    await ok(await postEvent(t.app, update(5, false)));
    expect(await status()).toEqual({ tier: 'pro', isActive: false, endDate: ids.periodEnd.toISOString() });
  });

  it('renew the period with the next invoice, and end it when the subscription is deleted', async () => {
    const { ids, status, history } = await learnerAtCheckout();
    await ok(await postEvent(t.app, checkoutCompleted(now, ids)));
    const renewedUntil = oneMonthAfter(ids.periodEnd);
    await ok(
      await postEvent(
        t.app,
        invoiceEvent('invoice.paid', ids.periodEnd, {
          ...ids,
          invoiceId: `${ids.invoiceId}_2`,
          periodEnd: renewedUntil,
        }),
      ),
    );
    expect(await status()).toEqual({ tier: 'pro', isActive: true, endDate: renewedUntil.toISOString() });
    expect(await history()).toHaveLength(1);
    const deleted = subscriptionEvent('customer.subscription.deleted', now, {
      ...ids,
      status: 'canceled',
      cancelAtPeriodEnd: false,
      endedAt: now,
    });
    await ok(await postEvent(t.app, deleted));
    expect(await status()).toEqual({ tier: 'free', isActive: false, endDate: null });
  });

  it('record a failed payment in the billing history without changing the plan', async () => {
    const { ids, status, history } = await learnerAtCheckout();
    await ok(await postEvent(t.app, invoiceEvent('invoice.payment_failed', now, ids)));
    expect(await history()).toMatchObject([{ status: 'failed', amountCents: 2000, currency: 'usd' }]);
    expect(await status()).toEqual({ tier: 'free', isActive: false, endDate: null });
  });

  it('of an unknown customer or an unhandled type are acknowledged and change nothing', async () => {
    const before = await t.database.db.select().from(payments);
    const unknown = invoiceEvent('invoice.paid', now, {
      invoiceId: 'in_nobody',
      customerId: 'cus_nobody',
      subscriptionId: 'sub_nobody',
      periodEnd: oneMonthAfter(now),
    });
    await ok(await postEvent(t.app, unknown));
    await ok(await postEvent(t.app, stripeEvent('charge.refund.updated', now, { id: 're_1' })));
    expect(await t.database.db.select().from(payments)).toEqual(before);
  });
});
