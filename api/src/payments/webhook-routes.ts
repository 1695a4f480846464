// POST /api/payments/webhook: Stripe's events (and the sandbox's, signed the same way). The signature is
// checked on the raw body, so this route keeps the bytes: its own content-type parser, in this plugin only.
import { ApiErrorSchema } from '@mindpath/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../lib/app-error.ts';
import { handlePaymentEvent, parsePaymentEvent } from './events.ts';

export const WEBHOOK_PATH = '/payments/webhook';

/** How old a signature may be (Stripe's default tolerance). */
const SIGNATURE_TOLERANCE_S = 300;

const badSignature = () => new AppError(400, 'BAD_SIGNATURE', 'The webhook signature is missing or invalid');

const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    WEBHOOK_PATH,
    {
      schema: {
        tags: ['payments'],
        summary: "The payment provider's events (Stripe's format, signed with Stripe-Signature)",
        description:
          'The body is the raw event JSON exactly as signed; it is not validated against a schema before the ' +
          'signature is checked. A missing or bad signature answers 400 and changes nothing.',
        response: { 200: z.object({ received: z.literal(true) }), 400: ApiErrorSchema },
      },
    },
    async (request) => {
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badSignature();
      let verified: unknown;
      try {
        verified = Stripe.webhooks.constructEvent(
          request.body,
          signature,
          app.payments.webhookSecret,
          SIGNATURE_TOLERANCE_S,
          undefined,
          app.now().getTime(),
        );
      } catch {
        throw badSignature();
      }
      const event = parsePaymentEvent(verified);
      await handlePaymentEvent({ db: app.db, provider: app.payments, log: request.log }, event);
      return { received: true as const };
    },
  );
};

export default webhookRoutes;
