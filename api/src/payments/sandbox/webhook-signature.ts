// Stripe's webhook signature, made the way Stripe makes it: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<payload>" with the endpoint's secret>`. The sandbox signs its events with it; the webhook checks them
// with the stripe package, like Stripe's own.
import { createHmac } from 'node:crypto';

export function stripeSignatureHeader(payload: string, secret: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** The sandbox's webhook secret: derived from the JWT secret, so it needs no setting and survives restarts. */
export function sandboxWebhookSecret(jwtSecret: string): string {
  return `whsec_${createHmac('sha256', jwtSecret).update('mindpath sandbox webhook').digest('hex')}`;
}
