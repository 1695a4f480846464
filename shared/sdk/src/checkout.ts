// Sending the learner to the hosted checkout (spec 1 §7 'create checkout session … followed by a redirect'),
// one flow for the Subscription tab, the plan cards and a registration that came from the Pro button.
import { SUBSCRIPTION_MESSAGES } from '@mindpath/contracts/subscriptions-constants';
import { ApiRequestError } from './errors.ts';
import { subscriptionsApi } from './subscriptions-api.ts';

/** Where a 401 on the upgrade leads: registration for the Pro plan, which then goes on to checkout (spec 1 §8). */
export const REGISTER_FOR_PRO_PATH = '/register?plan=pro';

/** The browser's navigation out of the app; a seam, because jsdom cannot navigate and tests watch it. */
export const browserLocation = {
  assign: (url: string): void => window.location.assign(url),
};

export type CheckoutOutcome =
  | { kind: 'redirected' }
  /** the API answered 401: no account, or no session */
  | { kind: 'unauthorized' }
  /** the session could not be made; `serverMessage` is the API's own message for the learner, if any */
  | { kind: 'session-failed'; serverMessage: string | null }
  /** a session came back but the browser could not be sent to it */
  | { kind: 'redirect-failed' };

/** An http(s) URL to go to, or null: an answer can never make the browser run script (javascript:, data:). */
export function checkoutTarget(url: string): string | null {
  try {
    const target = new URL(url, window.location.origin);
    return target.protocol === 'https:' || target.protocol === 'http:' ? target.href : null;
  } catch {
    return null;
  }
}

/** The message the API wrote for the learner: a 4xx with a body, never a 5xx's or a bare status line. */
export function learnerMessageOf(error: unknown): string | null {
  return error instanceof ApiRequestError && error.status < 500 && error.code !== 'ERROR' && error.message
    ? error.message
    : null;
}

/** Creates a checkout session and sends the browser to its page. */
export async function startCheckout(): Promise<CheckoutOutcome> {
  let url: string;
  try {
    ({ url } = await subscriptionsApi.createCheckoutSession());
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return { kind: 'unauthorized' };
    console.error('[mindpath] create checkout session', error);
    return { kind: 'session-failed', serverMessage: learnerMessageOf(error) };
  }
  const target = checkoutTarget(url);
  if (!target) return { kind: 'redirect-failed' };
  try {
    browserLocation.assign(target);
  } catch (error) {
    console.error('[mindpath] redirect to checkout', error);
    return { kind: 'redirect-failed' };
  }
  return { kind: 'redirected' };
}

/**
 * The message of a failed upgrade, in the spec's words: 'settings' is the Subscription tab (spec 2 §8, the
 * server's message preferred), 'upgrade' anywhere else (spec 1 §8). Null when nothing failed or on a 401,
 * which goes to registration instead.
 */
export function checkoutFailureMessage(
  outcome: CheckoutOutcome,
  where: 'settings' | 'upgrade',
): string | null {
  switch (outcome.kind) {
    case 'session-failed':
      return where === 'settings'
        ? (outcome.serverMessage ?? SUBSCRIPTION_MESSAGES.settingsUpgradeFailed)
        : SUBSCRIPTION_MESSAGES.upgradeFailed;
    case 'redirect-failed':
      return SUBSCRIPTION_MESSAGES.checkoutRedirectFailed;
    default:
      return null;
  }
}
