// Payments' figures, on the built-in sandbox. The checkout round trip as a learner's browser makes it over
// HTTP: create the session, open the hosted page, pay with the good card (the sandbox signs and delivers
// checkout.session.completed and invoice.paid to the webhook before it redirects), open the success page,
// confirm, and read the status back as Pro. And the webhook's throughput: invoice.paid events of a paying
// learner, each with a new event and invoice id and a Stripe-Signature the route verifies on the raw body,
// next to /api/health of the same server.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openPglite } from '../../api/src/db/client.ts';
import { findUserByEmail } from '../../api/src/modules/users/repository.ts';
import { findCustomerId } from '../../api/src/payments/repository.ts';
import {
  sandboxWebhookSecret,
  stripeSignatureHeader,
} from '../../api/src/payments/sandbox/webhook-signature.ts';
import { load } from './api-load.ts';
import { type Deployment, type Learner, registerLearner, startApi } from './api-server.ts';
import { ms, type Row } from './table.ts';

const PORT = 8098;
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Bench Learner' };
const WEBHOOK = '/api/payments/webhook';

export interface PaymentsResult {
  roundTrip: { medianMs: number; p95Ms: number; runs: number };
  webhook: { eventsPerSec: number; p99Ms: number };
  health: { reqPerSec: number; p99Ms: number };
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

async function expectStatus(res: Response, status: number, what: string): Promise<Response> {
  if (res.status !== status) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return res;
}

/** One learner's way from "Upgrade to Pro" to Pro, timed from the session's creation to the status read. */
async function roundTrip(base: string, learner: Learner): Promise<number> {
  const started = performance.now();
  const created = await fetch(`${base}/api/subscriptions/create-checkout-session`, {
    method: 'POST',
    headers: learner.headers,
  });
  const { sessionId, url } = (await (await expectStatus(created, 200, 'create session')).json()) as {
    sessionId: string;
    url: string;
  };
  await (await expectStatus(await fetch(base + url), 200, 'checkout page')).text();
  const paid = await fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(GOOD_CARD).toString(),
    redirect: 'manual',
  });
  const success = (await expectStatus(paid, 303, 'pay')).headers.get('location') ?? '';
  const page = await fetch(base + success, { headers: { accept: 'text/html' } });
  await (await expectStatus(page, 200, 'success page')).text();
  const confirmed = await fetch(`${base}/api/subscriptions/confirm`, {
    method: 'POST',
    headers: { ...learner.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ sessionId }),
  });
  await (await expectStatus(confirmed, 200, 'confirm')).text();
  const status = await fetch(`${base}/api/subscriptions/status`, { headers: learner.headers });
  const { tier, isActive } = (await status.json()) as { tier: string; isActive: boolean };
  if (tier !== 'pro' || !isActive) throw new Error(`the round trip ended ${tier}, active ${isActive}`);
  return performance.now() - started;
}

/** The sandbox customer of a learner, read from the embedded database while the server is stopped. */
async function customerOf(dataDir: string, email: string): Promise<string> {
  const database = await openPglite({ dataDir: join(dataDir, 'pglite') });
  try {
    const user = await findUserByEmail(database.db, email);
    const customerId = user ? await findCustomerId(database.db, user.id) : null;
    if (!customerId) throw new Error(`no customer for ${email}`);
    return customerId;
  } finally {
    await database.close();
  }
}

/** A new invoice.paid of the customer for every request, signed now. */
function invoicePaidRequest(customerId: string, secret: string) {
  return (request: autocannon.Request): autocannon.Request => {
    const id = randomBytes(8).toString('hex');
    const now = new Date();
    const created = Math.floor(now.getTime() / 1000);
    const body = JSON.stringify({
      id: `evt_bench_${id}`,
      object: 'event',
      type: 'invoice.paid',
      created,
      data: {
        object: {
          id: `in_bench_${id}`,
          object: 'invoice',
          customer: customerId,
          amount_paid: 2000,
          amount_due: 2000,
          currency: 'usd',
          lines: { data: [{ period: { start: created, end: created + 30 * 86_400 } }] },
        },
      },
    });
    return {
      ...request,
      body,
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'stripe-signature': stripeSignatureHeader(body, secret, now),
      },
    };
  };
}

export async function measurePayments(
  deployment: Deployment,
  opts: { runs: number; seconds: number; connections: number },
): Promise<{ rows: Row[]; result: PaymentsResult }> {
  const jwtSecret = randomBytes(32).toString('hex');
  const env = { PAYMENTS: 'sandbox', JWT_SECRET: jwtSecret };
  const dataDir = mkdtempSync(join(tmpdir(), 'mindpath-bench-payments-'));
  try {
    let api = await startApi(deployment, { port: PORT, dataDir, env });
    const times: number[] = [];
    let payer: Learner;
    try {
      payer = await registerLearner(api.base);
      await roundTrip(api.base, payer); // warm-up, untimed
      for (let i = 0; i < opts.runs; i += 1)
        times.push(await roundTrip(api.base, await registerLearner(api.base)));
    } finally {
      await api.stop();
    }
    // the embedded database allows one process: read the payer's customer between two runs of the server
    const customerId = await customerOf(dataDir, payer.email);
    api = await startApi(deployment, { port: PORT, dataDir, env });
    try {
      const health = await load(
        api.base,
        { endpoint: 'GET /api/health', path: '/api/health', note: '' },
        opts.seconds,
        opts.connections,
      );
      const webhook = await autocannon({
        url: api.base,
        connections: opts.connections,
        duration: opts.seconds,
        requests: [
          {
            method: 'POST',
            path: WEBHOOK,
            setupRequest: invoicePaidRequest(customerId, sandboxWebhookSecret(jwtSecret)),
          },
        ],
      });
      if (webhook.non2xx > 0 || webhook.errors > 0 || webhook.timeouts > 0)
        throw new Error(
          `webhook: ${webhook.non2xx} non-2xx, ${webhook.errors} errors, ${webhook.timeouts} timeouts`,
        );
      const result: PaymentsResult = {
        roundTrip: { medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95), runs: times.length },
        webhook: { eventsPerSec: webhook.requests.average, p99Ms: webhook.latency.p99 },
        health: { reqPerSec: health.requests.average, p99Ms: health.latency.p99 },
      };
      const ratio = (result.webhook.eventsPerSec / result.health.reqPerSec) * 100;
      const rows: Row[] = [
        {
          area: 'payments',
          metric: 'sandbox checkout round trip',
          value: `${ms(result.roundTrip.medianMs)} (p95 ${ms(result.roundTrip.p95Ms)})`,
          note: `median of ${times.length}: create session → checkout page → pay 4242… (signed events through the webhook) → success page → confirm → status Pro`,
        },
        {
          area: 'payments',
          metric: `POST ${WEBHOOK} (invoice.paid)`,
          value: `${result.webhook.eventsPerSec.toFixed(0)} events/s, p99 ${result.webhook.p99Ms} ms`,
          note: `${ratio.toFixed(1)} % of /api/health (${result.health.reqPerSec.toFixed(0)} req/s, p99 ${result.health.p99Ms} ms) on the same server; each event a new id, Stripe-Signature verified on the raw body, payment row + subscription update in one transaction; ${opts.connections} connections × ${opts.seconds} s, PGlite`,
        },
      ];
      return { rows, result };
    } finally {
      await api.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
