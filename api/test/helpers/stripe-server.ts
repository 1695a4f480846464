// A real HTTP server speaking the part of Stripe's API the Stripe provider uses: customers, Checkout
// Sessions (create, retrieve), subscriptions (retrieve with the card expanded, update to cancel at period
// end, delete to cancel at once). Like Stripe, a write repeated with the same Idempotency-Key answers the first result again.
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** the form-encoded body, flat as Stripe's client sends it ('line_items[0][price]' → 'price_…') */
  form: Record<string, string>;
}

type StripeObject = Record<string, unknown> & { id: string };

export interface StripeTestServer {
  /** STRIPE_API_BASE */
  readonly url: string;
  readonly requests: StripeRequest[];
  readonly sessions: Map<string, StripeObject>;
  readonly subscriptions: Map<string, StripeObject>;
  /** the learner pays on Stripe's page: the session completes with a new subscription */
  pay(sessionId: string): { subscriptionId: string; customerId: string };
  /** every request answers this status until cleared (null) */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/** The webhook secret the tests sign Stripe's events with. */
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_mindpath';

/** The app's environment for PAYMENTS=stripe against this server. */
export const stripeAppEnv = (server: StripeTestServer) => ({
  PAYMENTS: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_mindpath',
  STRIPE_PRICE_ID: 'price_pro_monthly',
  STRIPE_WEBHOOK_SECRET,
  STRIPE_PUBLISHABLE_KEY: 'pk_test_mindpath',
  STRIPE_API_BASE: server.url,
});

export async function startStripeServer(): Promise<StripeTestServer> {
  const requests: StripeRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const idempotent = new Map<string, string>();
  let failing: number | null = null;
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_test_${++counter}`;

  const route = (req: StripeRequest): { status: number; body: unknown } => {
    const notFound = {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: 'No such object' } },
    };
    if (req.method === 'POST' && req.path === '/v1/customers') {
      const customer = { id: nextId('cus'), object: 'customer', email: req.form.email ?? null };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (req.method === 'POST' && req.path === '/v1/checkout/sessions') {
      const id = nextId('cs');
      const session = {
        id,
        object: 'checkout.session',
        mode: req.form.mode,
        customer: req.form.customer ?? null,
        client_reference_id: req.form.client_reference_id ?? null,
        success_url: req.form.success_url,
        cancel_url: req.form.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        subscription: null,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && session) {
      const found = sessions.get(session[1] ?? '');
      return found ? { status: 200, body: found } : notFound;
    }
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(req.path);
    const found = subscription ? subscriptions.get(subscription[1] ?? '') : undefined;
    if (!found) return notFound;
    if (req.method === 'DELETE') {
      // cancelled at once, as Stripe's DELETE /v1/subscriptions/:id does; a second cancel finds nothing
      if (found.status === 'canceled')
        return {
          status: 404,
          body: {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: 'No such subscription',
            },
          },
        };
      Object.assign(found, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
      return { status: 200, body: found };
    }
    if (req.method === 'POST') found.cancel_at_period_end = req.form.cancel_at_period_end === 'true';
    // the client sends arrays indexed: expand[0]=default_payment_method
    const expand = [...req.query].some(([k, v]) => k.startsWith('expand[') && v === 'default_payment_method');
    const method = {
      id: 'pm_test_1',
      object: 'payment_method',
      card: { brand: 'mastercard', last4: '4444' },
    };
    return { status: 200, body: { ...found, default_payment_method: expand ? method : method.id } };
  };

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stripe.test');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const recorded = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        form,
      };
      requests.push(recorded);
      const key = request.headers['idempotency-key'];
      const replay = typeof key === 'string' ? idempotent.get(key) : undefined;
      let status = 200;
      let body: string;
      if (failing !== null) {
        status = failing;
        body = JSON.stringify({ error: { type: 'api_error', message: 'Stripe is down' } });
      } else if (replay !== undefined) {
        body = replay;
      } else {
        const answer = route(recorded);
        status = answer.status;
        body = JSON.stringify(answer.body);
        if (typeof key === 'string' && status === 200) idempotent.set(key, body);
      }
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      response.end(body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const subscriptionId = nextId('sub');
      const customerId = String(session.customer);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscriptionId });
      subscriptions.set(subscriptionId, {
        id: subscriptionId,
        object: 'subscription',
        customer: customerId,
        status: 'active',
        cancel_at_period_end: false,
      });
      return { subscriptionId, customerId };
    },
    failWith(status) {
      failing = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
