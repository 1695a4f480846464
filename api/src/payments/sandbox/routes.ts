// The sandbox's hosted checkout, outside /api and outside the SPA: GET /checkout/{sessionId} shows the page,
// POST charges the card (the test cards decide) and delivers the events Stripe would send, signed, to this
// server's own webhook route, then sends the browser to the success page. Its own strict CSP: no inline
// script or style, files from /checkout/assets only.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { type CardInput, cardBrand, digitsOf, validateCard } from '../card-rules.ts';
import { cancelUrl, successUrl } from '../provider.ts';
import {
  type CheckoutSessionRow,
  claimSandboxCharge,
  findCheckoutSession,
  releaseSandboxCharge,
} from '../repository.ts';
import { WEBHOOK_PATH } from '../webhook-routes.ts';
import { checkoutAsset } from './assets.ts';
import { type CheckoutPageState, renderCheckoutPage, renderMissingSessionPage } from './page.ts';
import { sandboxPaidEvents } from './paid-events.ts';
import { sandboxId } from './provider.ts';
import { declineOf } from './test-cards.ts';
import { stripeSignatureHeader } from './webhook-signature.ts';

const CHECKOUT_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** A posted form is small: four fields. */
const FORM_LIMIT = 8 * 1024;

const FormSchema = z.object({
  number: z.string().catch(''),
  expiry: z.string().catch(''),
  cvc: z.string().catch(''),
  name: z.string().catch(''),
});

const ParamsSchema = z.object({ sessionId: z.string().max(255) });

/** Relative URLs: the page, the result pages and this server share one origin. */
const SAME_ORIGIN = '';

const NOT_CHARGED = 'Something went wrong and your card was not charged. Please try again.';

export default async function sandboxCheckoutRoutes(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', CHECKOUT_CSP);
  });

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  const pageState = (
    session: CheckoutSessionRow,
    more: Partial<CheckoutPageState> = {},
  ): CheckoutPageState => ({
    sessionId: session.id,
    cancelUrl: cancelUrl(SAME_ORIGIN),
    ...more,
  });

  /** The sandbox session a page is for, or undefined (then the missing-session page is answered). */
  const sandboxSession = async (params: unknown) => {
    const parsed = ParamsSchema.safeParse(params);
    const session = parsed.success ? await findCheckoutSession(app.db, parsed.data.sessionId) : undefined;
    return session?.provider === 'sandbox' ? session : undefined;
  };

  app.get('/checkout/assets/:name', { schema: { hide: true } }, (request, reply) => {
    const asset = checkoutAsset((request.params as { name: string }).name);
    if (!asset) return page(reply, 404, renderMissingSessionPage('/'));
    return reply.header('cache-control', 'no-cache').type(asset.type).send(asset.body);
  });

  app.get('/checkout/:sessionId', { schema: { hide: true } }, async (request, reply) => {
    const session = await sandboxSession(request.params);
    if (!session) return page(reply, 404, renderMissingSessionPage('/'));
    if (session.status === 'paid') return reply.redirect(successUrl(SAME_ORIGIN, session.id), 303);
    return page(reply, 200, renderCheckoutPage(pageState(session)));
  });

  /** Sends the sandbox's events to the webhook route, signed like Stripe's; false when one is refused. */
  const deliver = async (events: object[]) => {
    for (const event of events) {
      const payload = JSON.stringify(event);
      const res = await app.inject({
        method: 'POST',
        url: `/api${WEBHOOK_PATH}`,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignatureHeader(payload, app.payments.webhookSecret, app.now()),
        },
        payload,
      });
      if (res.statusCode !== 200) {
        app.log.error({ status: res.statusCode, body: res.body }, 'sandbox webhook delivery refused');
        return false;
      }
    }
    return true;
  };

  app.post('/checkout/:sessionId', { schema: { hide: true } }, async (request, reply) => {
    const session = await sandboxSession(request.params);
    if (!session) return page(reply, 404, renderMissingSessionPage('/'));
    if (session.status === 'paid') return reply.redirect(successUrl(SAME_ORIGIN, session.id), 303);
    const card: CardInput = FormSchema.parse(request.body ?? {});
    const values = { expiry: card.expiry, name: card.name };
    const errors = validateCard(card, app.now());
    if (Object.keys(errors).length > 0)
      return page(reply, 400, renderCheckoutPage(pageState(session, { values, errors })));
    const decline = declineOf(card.number);
    if (decline) {
      return page(reply, 402, renderCheckoutPage(pageState(session, { values, formError: decline.message })));
    }
    const customerId = session.customerId ?? sandboxId('cus');
    const subscriptionId = sandboxId('sub');
    const digits = digitsOf(card.number);
    const charge = { subscriptionId, brand: cardBrand(digits), last4: digits.slice(-4) };
    // a second submit of the same page (a double click without script) charges nothing more
    if (!(await claimSandboxCharge(app.db, session.id, charge))) {
      return reply.redirect(successUrl(SAME_ORIGIN, session.id), 303);
    }
    const events = sandboxPaidEvents({
      sessionId: session.id,
      userId: session.userId,
      customerId,
      subscriptionId,
      invoiceId: sandboxId('in'),
      at: app.now(),
    });
    if (!(await deliver(events))) {
      await releaseSandboxCharge(app.db, session.id);
      return page(reply, 502, renderCheckoutPage(pageState(session, { values, formError: NOT_CHARGED })));
    }
    return reply.redirect(successUrl(SAME_ORIGIN, session.id), 303);
  });
}
