// PAYMENTS=stripe against a local server that speaks Stripe's API (helpers/stripe-server.ts), with the
// webhook's events signed by the stripe package's test-header helper: the same calls and event handling as
// the sandbox, through the official client.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../src/modules/users/repository.ts';
import { oneMonthAfter } from '../src/payments/subscription-state.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';
import { checkoutCompleted, invoiceEvent, postEvent, subscriptionEvent } from './helpers/payment-events.ts';
import {
  STRIPE_WEBHOOK_SECRET,
  type StripeTestServer,
  startStripeServer,
  stripeAppEnv,
} from './helpers/stripe-server.ts';

const now = new Date('2026-11-23T12:00:00Z');
let stripe: StripeTestServer;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeServer();
  t = await createTestApp(stripeAppEnv(stripe), { clock: () => now });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});
beforeEach(() => stripe.failWith(null));

type Learner = Awaited<ReturnType<typeof registerLearner>>;

async function checkout(learner: Learner) {
  const res = await t.api('POST', '/subscriptions/create-checkout-session', learner.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sessionId: string; publicKey: string; url: string }>();
}

const status = async (learner: Learner) =>
  (await t.api('GET', '/subscriptions/status', learner.headers)).json();

async function userIdOf(learner: Learner) {
  const user = await findUserByEmail(t.database.db, learner.email);
  if (!user) throw new Error('no user');
  return user.id;
}

const lastRequest = (method: string, path: string | RegExp) =>
  stripe.requests
    .filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)))
    .at(-1);

/** A learner who paid on Stripe's page, with the events Stripe then sends delivered. */
async function paidLearner() {
  const learner = await registerLearner(t.app);
  const { sessionId } = await checkout(learner);
  const { subscriptionId, customerId } = stripe.pay(sessionId);
  const ids = { sessionId, userId: await userIdOf(learner), customerId, subscriptionId };
  const periodEnd = oneMonthAfter(now);
  for (const event of [
    checkoutCompleted(now, ids),
    invoiceEvent('invoice.paid', now, { ...ids, invoiceId: `in_${sessionId}`, periodEnd }),
  ]) {
    const res = await postEvent(t.app, event, { secret: STRIPE_WEBHOOK_SECRET });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { learner, ids, periodEnd };
}

describe('create-checkout-session on Stripe', () => {
  it('makes a customer, then a subscription Checkout Session for the learner, with idempotency keys', async () => {
    const learner = await registerLearner(t.app);
    const session = await checkout(learner);
    expect(session).toEqual({
      sessionId: expect.stringMatching(/^cs_test_/),
      publicKey: 'pk_test_mindpath',
      url: `https://checkout.stripe.test/c/pay/${session.sessionId}`,
    });
    const customer = lastRequest('POST', '/v1/customers');
    expect(customer?.form).toMatchObject({
      email: learner.email,
      'metadata[userId]': await userIdOf(learner),
    });
    expect(customer?.headers.authorization).toBe('Bearer sk_test_mindpath');
    expect(customer?.headers['idempotency-key']).toBe(`customer-${await userIdOf(learner)}`);
    const created = lastRequest('POST', '/v1/checkout/sessions');
    expect(created?.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro_monthly',
      'line_items[0][quantity]': '1',
      client_reference_id: await userIdOf(learner),
      customer: stripe.sessions.get(session.sessionId)?.customer,
      success_url: 'http://localhost:80/subscription/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:80/subscription/cancel',
    });
    expect(created?.headers['idempotency-key']).toMatch(/^checkout-/);
  });

  it("reuses the learner's customer for the next checkout", async () => {
    const learner = await registerLearner(t.app);
    const first = await checkout(learner);
    const customers = stripe.requests.filter((r) => r.path === '/v1/customers').length;
    const second = await checkout(learner);
    expect(stripe.requests.filter((r) => r.path === '/v1/customers').length).toBe(customers);
    expect(stripe.sessions.get(second.sessionId)?.customer).toBe(
      stripe.sessions.get(first.sessionId)?.customer,
    );
  });

  it('answers 502 with a message a learner can read when Stripe fails, and keeps no session', async () => {
    const learner = await registerLearner(t.app);
    stripe.failWith(400);
    const res = await t.api('POST', '/subscriptions/create-checkout-session', learner.headers);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      code: 'PAYMENTS_UNAVAILABLE',
      message: 'The payment service could not be reached. Please try again.',
      requestId: expect.any(String),
    });
  });
});

describe("Stripe's webhook events", () => {
  it('make the learner Pro for the paid month, with the card brand and last four in the billing history', async () => {
    const { learner, periodEnd } = await paidLearner();
    expect(await status(learner)).toEqual({ tier: 'pro', isActive: true, endDate: periodEnd.toISOString() });
    const history = (await t.api('GET', '/subscriptions/payments', learner.headers)).json();
    expect(history.payments).toMatchObject([
      { status: 'paid', amountCents: 2000, cardBrand: 'mastercard', cardLast4: '4444' },
    ]);
    expect(lastRequest('GET', /^\/v1\/subscriptions\//)?.query.get('expand[0]')).toBe(
      'default_payment_method',
    );
  });

  it('signed with another secret are refused', async () => {
    const learner = await registerLearner(t.app);
    const { sessionId } = await checkout(learner);
    const ids = { sessionId, userId: await userIdOf(learner), ...stripe.pay(sessionId) };
    const res = await postEvent(t.app, checkoutCompleted(now, ids), { secret: 'whsec_sandbox_or_other' });
    expect(res.statusCode).toBe(400);
    expect(await status(learner)).toMatchObject({ tier: 'free' });
  });
});

describe('confirm on Stripe', () => {
  it('asks Stripe when the webhook is late, fulfils a paid session once, and the late event changes nothing', async () => {
    const learner = await registerLearner(t.app);
    const { sessionId } = await checkout(learner);
    const paid = stripe.pay(sessionId);
    const res = await t.api('POST', '/subscriptions/confirm', learner.headers, { sessionId });
    expect(res.statusCode, res.body).toBe(200);
    const confirmed = res.json();
    expect(confirmed).toEqual({ tier: 'pro', isActive: true, endDate: oneMonthAfter(now).toISOString() });
    expect(lastRequest('GET', `/v1/checkout/sessions/${sessionId}`)).toBeDefined();
    const late = checkoutCompleted(now, { sessionId, userId: await userIdOf(learner), ...paid });
    expect((await postEvent(t.app, late, { secret: STRIPE_WEBHOOK_SECRET })).statusCode).toBe(200);
    expect(await status(learner)).toEqual(confirmed);
  });

  it('refuses a session Stripe has not been paid for (409)', async () => {
    const learner = await registerLearner(t.app);
    const { sessionId } = await checkout(learner);
    const res = await t.api('POST', '/subscriptions/confirm', learner.headers, { sessionId });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CHECKOUT_NOT_PAID');
  });
});

describe('cancel on Stripe', () => {
  it('sets cancel_at_period_end on the subscription; Pro stays inactive until the period ends, then free', async () => {
    const { learner, ids, periodEnd } = await paidLearner();
    const res = await t.api('POST', '/subscriptions/cancel', learner.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Your subscription has been cancelled. You keep Pro until December 23, 2026.',
    );
    const update = lastRequest('POST', `/v1/subscriptions/${ids.subscriptionId}`);
    expect(update?.form).toEqual({ cancel_at_period_end: 'true' });
    expect(update?.headers['idempotency-key']).toBe(`cancel-${ids.subscriptionId}`);
    expect(await status(learner)).toEqual({ tier: 'pro', isActive: false, endDate: periodEnd.toISOString() });
    // Stripe then tells the same, and at the period's end deletes the subscription
    const later = new Date(now.getTime() + 1000);
    const fields = { ...ids, status: 'active', cancelAtPeriodEnd: true, periodEnd };
    const updated = subscriptionEvent('customer.subscription.updated', later, fields);
    expect((await postEvent(t.app, updated, { secret: STRIPE_WEBHOOK_SECRET })).statusCode).toBe(200);
    expect(await status(learner)).toEqual({ tier: 'pro', isActive: false, endDate: periodEnd.toISOString() });
    const deleted = subscriptionEvent('customer.subscription.deleted', later, {
      ...fields,
      status: 'canceled',
      endedAt: now,
    });
    expect((await postEvent(t.app, deleted, { secret: STRIPE_WEBHOOK_SECRET })).statusCode).toBe(200);
    expect(await status(learner)).toEqual({ tier: 'free', isActive: false, endDate: null });
  });

  it('changes nothing when Stripe cannot be told (502)', async () => {
    const { learner, periodEnd } = await paidLearner();
    stripe.failWith(400);
    const res = await t.api('POST', '/subscriptions/cancel', learner.headers);
    expect(res.statusCode).toBe(502);
    expect(await status(learner)).toEqual({ tier: 'pro', isActive: true, endDate: periodEnd.toISOString() });
  });
});
