// `app.payments`, the provider PAYMENTS names, with the webhook route under /api and, for the sandbox, its
// hosted checkout pages at /checkout (registered before the static site, whose SPA fallback never sees them).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { resolveJwtSecret } from '../config.ts';
import { createSandboxProvider } from './sandbox/provider.ts';
import sandboxCheckoutRoutes from './sandbox/routes.ts';
import { sandboxWebhookSecret } from './sandbox/webhook-signature.ts';
import { createStripeProvider } from './stripe-provider.ts';
import webhookRoutes from './webhook-routes.ts';

async function paymentsPlugin(app: FastifyInstance) {
  const config = app.config.payments;
  const provider =
    config.provider === 'stripe'
      ? createStripeProvider(config, app.now)
      : createSandboxProvider(app.db, sandboxWebhookSecret(resolveJwtSecret(app.config)));
  app.decorate('payments', provider);
  await app.register(webhookRoutes, { prefix: '/api' });
  if (config.provider === 'sandbox') await app.register(sandboxCheckoutRoutes);
}

export default fp(paymentsPlugin, { name: 'payments', dependencies: ['db'] });
