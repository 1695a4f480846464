// Retention as the privacy policy states it, on the app's clock: an account inactive for
// ACCOUNT_RETENTION_YEARS is marked RETENTION_NOTICE_DAYS before, a login in between keeps it (and says so),
// and once the notice has run it is deleted the same way a learner deletes theirs. And the Stripe path of a
// deletion: the subscription is cancelled at Stripe at once; Stripe unreachable leaves the account as it was.
import { ACCOUNT_RETENTION_YEARS, RETENTION_NOTICE_DAYS } from '@mindpath/contracts/privacy-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccount } from '../src/modules/account/repository.ts';
import { findUserByEmail } from '../src/modules/users/index.ts';
import { oneMonthAfter } from '../src/payments/subscription-state.ts';
import { createTestApp, registerLearner, STRONG_PASSWORD, type TestApp } from './helpers/app.ts';
import { checkoutCompleted, invoiceEvent, postEvent } from './helpers/payment-events.ts';
import {
  STRIPE_WEBHOOK_SECRET,
  type StripeTestServer,
  startStripeServer,
  stripeAppEnv,
} from './helpers/stripe-server.ts';

const DAY_MS = 86_400_000;
/** the app's clock: starts at the real time (rows' defaults are the database's now) and is moved by the tests */
let now = new Date();
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

const retention = () => {
  const task = t.app.jobs.periodic.list().find((p) => p.name === 'account-retention');
  if (!task) throw new Error('no retention task');
  return task.run();
};

async function until<T>(fn: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const login = (email: string) => t.api('POST', '/auth/login', {}, { email, password: STRONG_PASSWORD });
const accountOf = async (email: string) => {
  const user = await findUserByEmail(t.database.db, email);
  return user ? findAccount(t.database.db, user.id) : undefined;
};
const yearsAfter = (at: Date, years: number) => {
  const d = new Date(at);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
};

describe('account retention', () => {
  it('marks an account 30 days before its deadline; a login keeps it, says so once, and clears the mark', async () => {
    now = new Date();
    const learner = await registerLearner(t.app);
    const lastActive = (await accountOf(learner.email))!.lastActiveAt;
    const deadline = yearsAfter(lastActive, ACCOUNT_RETENTION_YEARS);
    // a day before the notice date: nothing happens
    now = new Date(deadline.getTime() - (RETENTION_NOTICE_DAYS + 1) * DAY_MS);
    await retention();
    expect((await accountOf(learner.email))!.retentionNoticeAt).toBeNull();
    // past it: marked
    now = new Date(deadline.getTime() - (RETENTION_NOTICE_DAYS - 1) * DAY_MS);
    expect(await retention()).toMatchObject({ marked: expect.any(Number) });
    expect((await accountOf(learner.email))!.retentionNoticeAt).toEqual(now);
    // a login in between: kept, and the answer says when it was due to go
    const res = await login(learner.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      token: expect.any(String),
      retentionKept: { wasDueOn: deadline.toISOString() },
    });
    const kept = (await accountOf(learner.email))!;
    expect(kept.retentionNoticeAt).toBeNull();
    expect(kept.lastActiveAt).toEqual(now);
    // said once: the next login is an ordinary one
    expect((await login(learner.email)).json()).toEqual({ token: expect.any(String) });
    // the old deadline passes: nothing is deleted
    now = new Date(deadline.getTime() + 2 * DAY_MS);
    await retention();
    expect(await accountOf(learner.email)).toMatchObject({
      retentionNoticeAt: null,
      deletionRequestedAt: null,
    });
  });

  it("counts a token's requests as activity, once a day", async () => {
    now = new Date();
    const learner = await registerLearner(t.app);
    now = new Date(now.getTime() + 400 * DAY_MS);
    expect((await t.api('GET', '/goals', learner.headers)).statusCode).toBe(200);
    await until(async () => (await accountOf(learner.email))!.lastActiveAt.getTime() === now.getTime());
    const seen = now;
    now = new Date(now.getTime() + 60_000);
    expect((await t.api('GET', '/goals', learner.headers)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect((await accountOf(learner.email))!.lastActiveAt).toEqual(seen);
  });

  it('deletes an account whose notice ran out without a login, as a learner would delete it', async () => {
    now = new Date();
    const learner = await registerLearner(t.app);
    const account = (await accountOf(learner.email))!;
    const deadline = yearsAfter(account.lastActiveAt, ACCOUNT_RETENTION_YEARS);
    // marked late (say the task had not run for a while): 10 days before the deadline
    now = new Date(deadline.getTime() - 10 * DAY_MS);
    await retention();
    expect((await accountOf(learner.email))!.retentionNoticeAt).toEqual(now);
    // past the deadline, but the notice has not run its days yet: kept
    now = new Date(deadline.getTime() + DAY_MS);
    await retention();
    expect((await accountOf(learner.email))!.deletionRequestedAt).toBeNull();
    now = new Date(deadline.getTime() + (RETENTION_NOTICE_DAYS - 10) * DAY_MS);
    expect(await retention()).toMatchObject({ expired: expect.any(Number), queued: expect.any(Number) });
    await until(async () => !(await findAccount(t.database.db, account.id)));
    expect((await login(learner.email)).statusCode).toBe(401);
  });
});

describe('deleting an account with a Stripe subscription', () => {
  async function paidLearner() {
    now = new Date();
    const learner = await registerLearner(t.app);
    const session = (await t.api('POST', '/subscriptions/create-checkout-session', learner.headers)).json();
    const { subscriptionId, customerId } = stripe.pay(session.sessionId);
    const userId = (await findUserByEmail(t.database.db, learner.email))!.id;
    const ids = { sessionId: session.sessionId, userId, customerId, subscriptionId };
    for (const event of [
      checkoutCompleted(now, ids),
      invoiceEvent('invoice.paid', now, {
        ...ids,
        invoiceId: `in_${session.sessionId}`,
        periodEnd: oneMonthAfter(now),
      }),
    ])
      expect((await postEvent(t.app, event, { secret: STRIPE_WEBHOOK_SECRET })).statusCode).toBe(200);
    expect((await t.api('GET', '/subscriptions/status', learner.headers)).json()).toMatchObject({
      tier: 'pro',
      isActive: true,
    });
    return { learner, userId, subscriptionId };
  }

  it('cancels the subscription at Stripe at once, with no proration or final invoice', async () => {
    const { learner, userId, subscriptionId } = await paidLearner();
    const res = await t.api('DELETE', '/account', learner.headers, { password: STRONG_PASSWORD });
    expect(res.statusCode, res.body).toBe(202);
    const cancel = stripe.requests.find(
      (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`,
    );
    // Stripe's client sends a DELETE's parameters in the query
    expect(Object.fromEntries(cancel?.query ?? [])).toMatchObject({ invoice_now: 'false', prorate: 'false' });
    expect(cancel?.headers['idempotency-key']).toBe(`cancel-now-${subscriptionId}`);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    await until(async () => !(await findAccount(t.database.db, userId)));
    // the job asked again only if our record still had it running: it did not, so Stripe saw one cancel
    expect(stripe.requests.filter((r) => r.method === 'DELETE').length).toBe(1);
  });

  it('leaves the account as it was when Stripe cannot be reached, and says so in plain words', async () => {
    const { learner, userId, subscriptionId } = await paidLearner();
    stripe.failWith(500);
    try {
      const res = await t.api('DELETE', '/account', learner.headers, { password: STRONG_PASSWORD });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toContain('nothing was deleted');
    } finally {
      stripe.failWith(null);
    }
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('active');
    expect((await findAccount(t.database.db, userId))!.deletionRequestedAt).toBeNull();
    expect((await t.api('GET', '/subscriptions/status', learner.headers)).json()).toMatchObject({
      tier: 'pro',
      isActive: true,
    });
  });
});
