// The one payments interface the subscription calls and the webhook use; PAYMENTS picks the implementation
// (the built-in sandbox or Stripe). Everything after the provider's event is shared (events.ts).

/** The card a subscription is charged to: only its brand and last four digits are ever kept. */
export interface CardSummary {
  brand: string;
  last4: string;
}

/** A checkout the provider reports paid. */
export interface PaidCheckout {
  sessionId: string;
  userId: string;
  customerId: string | null;
  subscriptionId: string | null;
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** the learner's customer at the provider, reused when known */
  customerId: string | null;
  /** the site's origin (scheme, host, port) the provider sends the browser back to */
  origin: string;
}

export interface CreatedCheckout {
  sessionId: string;
  /** where the browser goes to pay */
  url: string;
  customerId: string;
}

export interface PaymentsProvider {
  readonly name: 'sandbox' | 'stripe';
  /** the publishable key the spec's checkout-session response carries */
  readonly publicKey: string;
  /** the secret the webhook's Stripe-Signature is checked with */
  readonly webhookSecret: string;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** the session as the provider knows it now, when paid (confirm asks when the webhook is late) */
  findPaidCheckout(sessionId: string): Promise<PaidCheckout | null>;
  /** stops renewal: the subscription runs to the end of its paid period */
  cancelAtPeriodEnd(subscriptionId: string): Promise<void>;
  /** ends the subscription now, with no further charge (the learner deletes their account); idempotent */
  cancelNow(subscriptionId: string): Promise<void>;
  cardOf(subscriptionId: string): Promise<CardSummary | null>;
}

/** Where the provider sends the browser after paying or giving up (mf-billing's result pages). */
export const successUrl = (origin: string, sessionId: string) =>
  `${origin}/subscription/success?session_id=${sessionId}`;
export const cancelUrl = (origin: string) => `${origin}/subscription/cancel`;
