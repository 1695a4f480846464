// The sandbox checkout end to end over HTTP (inject): a session is created, its page is served with its own
// CSP, the form is posted with each test card, a paid session becomes Stripe's signed events through the
// webhook route, and the subscription calls (status, confirm, cancel, billing history) follow from them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, paymentEvents, payments, subscriptions } from '../src/db/schema.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';

/** The app's clock: the tests move it to cross a Pro period's end. */
let now = new Date('2026-11-23T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { clock: () => now });
});
afterAll(() => t.close());

type Learner = Awaited<ReturnType<typeof registerLearner>>;

const GOOD = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const NO_FUNDS = '4000 0000 0000 9995';

async function startCheckout(learner: Learner) {
  const res = await t.api('POST', '/subscriptions/create-checkout-session', learner.headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sessionId: string; publicKey: string; url: string }>();
}

const pay = (url: string, form: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    payload: new URLSearchParams(form).toString(),
  });

const card = (number: string) => ({ number, expiry: '12/30', cvc: '123', name: 'Ada Lovelace' });

const status = async (learner: Learner) =>
  (await t.api('GET', '/subscriptions/status', learner.headers)).json();

/** A learner who paid with the good card. */
async function proLearner() {
  const learner = await registerLearner(t.app);
  const session = await startCheckout(learner);
  const res = await pay(session.url, card(GOOD));
  expect(res.statusCode, res.body).toBe(303);
  return { learner, session };
}

describe('POST /api/subscriptions/create-checkout-session (sandbox)', () => {
  it("answers the session, the sandbox's publishable key and the checkout page's URL on this server", async () => {
    const learner = await registerLearner(t.app);
    const session = await startCheckout(learner);
    expect(session.sessionId).toMatch(/^cs_sandbox_[0-9a-f]{24}$/);
    expect(session.publicKey).toBe('pk_sandbox_mindpath');
    expect(session.url).toBe(`/checkout/${session.sessionId}`);
  });

  it('needs a token', async () => {
    expect((await t.api('POST', '/subscriptions/create-checkout-session', {})).statusCode).toBe(401);
  });

  it('refuses an active Pro learner (409)', async () => {
    const { learner } = await proLearner();
    const res = await t.api('POST', '/subscriptions/create-checkout-session', learner.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'ALREADY_PRO',
      message: 'You already have an active Pro subscription.',
      requestId: expect.any(String),
    });
  });
});

describe('the checkout page', () => {
  it('is server-rendered HTML outside the SPA with its own strict CSP, labelled fields and a Cancel link', async () => {
    const learner = await registerLearner(t.app);
    const { url } = await startCheckout(learner);
    const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.body).toContain('Subscribe to Professional');
    expect(res.body).toContain('$20.00');
    for (const [id, label] of [
      ['number', 'Card number'],
      ['expiry', 'Expiration (MM/YY)'],
      ['cvc', 'Security code (CVC)'],
      ['name', 'Name on card'],
    ]) {
      expect(res.body).toContain(`<label for="${id}">${label}</label>`);
      expect(res.body).toMatch(new RegExp(`id="${id}"[^>]*aria-describedby="${id}-error`));
    }
    expect(res.body).toContain('href="/subscription/cancel"');
    // no inline script or style: only files from /checkout/assets
    expect(res.body).not.toMatch(/<script(?![^>]*src=)/);
    expect(res.body).not.toMatch(/<style|style="/);
  });

  it('serves its script and the card rules as browser modules made from the TypeScript sources', async () => {
    const script = await t.app.inject({ url: '/checkout/assets/checkout-page.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain("from './card-rules.js'");
    expect(script.body).not.toContain(".ts'");
    const rules = await t.app.inject({ url: '/checkout/assets/card-rules.js' });
    expect(rules.statusCode).toBe(200);
    expect(rules.body).toContain('export function luhnValid(number');
    expect(rules.body).not.toMatch(/number: string|: CardBrand/);
    const css = await t.app.inject({ url: '/checkout/assets/checkout.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('prefers-color-scheme: light');
    expect((await t.app.inject({ url: '/checkout/assets/nope.js' })).statusCode).toBe(404);
  });

  it('answers a page saying the checkout is not available for an unknown session', async () => {
    const res = await t.app.inject({ url: '/checkout/cs_sandbox_unknown', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This checkout is not available');
  });

  it('names each invalid field, ties the error to it and focuses the first; nothing is charged', async () => {
    const learner = await registerLearner(t.app);
    const { url, sessionId } = await startCheckout(learner);
    const res = await pay(url, { number: '4242 4242 4242 4241', expiry: '10/26', cvc: '12', name: ' ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(
      '<p class="error" id="number-error" aria-live="polite">Your card number is invalid.</p>',
    );
    expect(res.body).toContain('Your card&#39;s expiration date is in the past.');
    expect(res.body).toContain('Your card&#39;s security code is incomplete.');
    expect(res.body).toContain('Enter the name on your card.');
    expect(res.body).toMatch(/id="number"[^>]*aria-invalid="true"[^>]*autofocus/);
    expect(res.body).not.toMatch(/id="expiry"[^>]*autofocus/);
    // the typed number is never sent back
    expect(res.body).not.toContain('4242 4242 4242 4241');
    const [row] = await t.database.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId));
    expect(row?.status).toBe('open');
  });

  it.each([
    [DECLINED, 'Your card was declined.'],
    [NO_FUNDS, 'Your card has insufficient funds.'],
  ])('refuses test card %s with "%s" and the learner stays free', async (number, message) => {
    const learner = await registerLearner(t.app);
    const { url } = await startCheckout(learner);
    const res = await pay(url, card(number));
    expect(res.statusCode).toBe(402);
    expect(res.body).toContain(`role="alert">${message}</div>`);
    expect(await status(learner)).toEqual({ tier: 'free', isActive: false, endDate: null });
  });

  it('charges the good card: the events go through the webhook, the browser to the success page', async () => {
    const learner = await registerLearner(t.app);
    const { url, sessionId } = await startCheckout(learner);
    const declined = await pay(url, card(DECLINED));
    expect(declined.statusCode).toBe(402);
    const res = await pay(url, card(GOOD));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/subscription/success?session_id=${sessionId}`);
    expect(await status(learner)).toEqual({
      tier: 'pro',
      isActive: true,
      endDate: '2026-12-23T12:00:00.000Z',
    });
    // the page of a paid session goes to the success page too, and a second post charges nothing
    const again = await t.app.inject({ url, headers: { accept: 'text/html' } });
    expect(again.statusCode).toBe(303);
    expect((await pay(url, card(GOOD))).statusCode).toBe(303);
    const events = await t.database.db.select().from(paymentEvents);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'invoice.paid']),
    );
  });

  it('charges a page submitted twice at once only once', async () => {
    const learner = await registerLearner(t.app);
    const { url } = await startCheckout(learner);
    const answers = await Promise.all([pay(url, card(GOOD)), pay(url, card(GOOD))]);
    expect(answers.map((a) => a.statusCode)).toEqual([303, 303]);
    const history = (await t.api('GET', '/subscriptions/payments', learner.headers)).json();
    expect(history.payments).toHaveLength(1);
    expect(await status(learner)).toMatchObject({ tier: 'pro', isActive: true });
  });

  it('keeps only the brand and last four digits of the card', async () => {
    const { learner } = await proLearner();
    const history = (await t.api('GET', '/subscriptions/payments', learner.headers)).json();
    expect(history.payments).toEqual([
      {
        id: expect.any(String),
        createdAt: now.toISOString(),
        amountCents: 2000,
        currency: 'usd',
        status: 'paid',
        description: 'Professional plan, monthly',
        cardBrand: 'visa',
        cardLast4: '4242',
      },
    ]);
    const stored = JSON.stringify([
      await t.database.db.select().from(checkoutSessions),
      await t.database.db.select().from(payments),
      await t.database.db.select().from(subscriptions),
    ]);
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toContain('4242 4242 4242 4242');
  });
});

describe('POST /api/subscriptions/confirm', () => {
  it("confirms the learner's own paid session, as often as asked", async () => {
    const { learner, session } = await proLearner();
    for (let i = 0; i < 2; i += 1) {
      const res = await t.api('POST', '/subscriptions/confirm', learner.headers, {
        sessionId: session.sessionId,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ tier: 'pro', isActive: true });
    }
    expect(await t.database.db.select().from(payments).where(eq(payments.status, 'paid'))).toHaveLength(
      (await t.database.db.select().from(checkoutSessions).where(eq(checkoutSessions.status, 'paid'))).length,
    );
  });

  it("refuses another learner's session (404) and an unknown one (404)", async () => {
    const { session } = await proLearner();
    const other = await registerLearner(t.app);
    for (const sessionId of [session.sessionId, 'cs_sandbox_nope']) {
      const res = await t.api('POST', '/subscriptions/confirm', other.headers, { sessionId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: 'NOT_FOUND',
        message: 'Checkout session not found',
        requestId: expect.any(String),
      });
    }
    expect(await status(other)).toMatchObject({ tier: 'free' });
  });

  it('refuses a session not paid yet (409) and a missing sessionId (400)', async () => {
    const learner = await registerLearner(t.app);
    const { sessionId } = await startCheckout(learner);
    const res = await t.api('POST', '/subscriptions/confirm', learner.headers, { sessionId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'CHECKOUT_NOT_PAID',
      message: 'This checkout has not been paid yet.',
      requestId: expect.any(String),
    });
    const missing = await t.api('POST', '/subscriptions/confirm', learner.headers, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('sessionId is required');
    expect(await status(learner)).toMatchObject({ tier: 'free' });
  });
});

describe('POST /api/subscriptions/cancel', () => {
  it('keeps Pro, inactive, until the end date; the learner is free after it', async () => {
    now = new Date('2026-11-23T12:00:00Z');
    const { learner } = await proLearner();
    const res = await t.api('POST', '/subscriptions/cancel', learner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Your subscription has been cancelled. You keep Pro until December 23, 2026.',
    });
    expect(await status(learner)).toEqual({
      tier: 'pro',
      isActive: false,
      endDate: '2026-12-23T12:00:00.000Z',
    });
    // cancelled is not Pro for the plan rules: a second goal in progress is refused
    const goal = (description: string) =>
      t.api('POST', '/goals', learner.headers, { description, metadata: '{"level":"Beginner"}' });
    expect((await goal('Beginner: first')).statusCode).toBe(201);
    expect((await goal('Beginner: second')).statusCode).toBe(429);
    // cancelling twice
    const twice = await t.api('POST', '/subscriptions/cancel', learner.headers);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      code: 'NOT_PRO',
      message: 'You have no active Pro subscription to cancel.',
      requestId: expect.any(String),
    });
    now = new Date('2026-12-23T12:00:00Z');
    expect(await status(learner)).toEqual({ tier: 'free', isActive: false, endDate: null });
    now = new Date('2026-11-23T12:00:00Z');
  });

  it('refuses a free learner (409) and needs a token', async () => {
    const learner = await registerLearner(t.app);
    const res = await t.api('POST', '/subscriptions/cancel', learner.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('NOT_PRO');
    expect((await t.api('POST', '/subscriptions/cancel', {})).statusCode).toBe(401);
  });
});

describe('a Pro period', () => {
  it('lasts one month from payment: Pro lifts the goal limit until then, free again after it', async () => {
    now = new Date('2027-01-31T09:00:00Z');
    const { learner } = await proLearner();
    expect(await status(learner)).toEqual({
      tier: 'pro',
      isActive: true,
      endDate: '2027-02-28T09:00:00.000Z',
    });
    const goal = (description: string) =>
      t.api('POST', '/goals', learner.headers, { description, metadata: '{"level":"Beginner"}' });
    expect((await goal('Beginner: one')).statusCode).toBe(201);
    expect((await goal('Beginner: two')).statusCode).toBe(201);
    now = new Date('2027-02-28T09:00:00Z');
    expect(await status(learner)).toEqual({ tier: 'free', isActive: false, endDate: null });
    expect((await goal('Beginner: three')).statusCode).toBe(429);
    now = new Date('2026-11-23T12:00:00Z');
  });
});

describe('GET /api/subscriptions/payments', () => {
  it("lists only the learner's own payments, and none for a new learner", async () => {
    await proLearner();
    const learner = await registerLearner(t.app);
    const res = await t.api('GET', '/subscriptions/payments', learner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ payments: [] });
    expect((await t.api('GET', '/subscriptions/payments', {})).statusCode).toBe(401);
  });
});
