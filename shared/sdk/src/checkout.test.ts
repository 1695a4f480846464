// @vitest-environment jsdom
import { SUBSCRIPTION_MESSAGES } from '@mindpath/contracts/subscriptions';
import { bus } from '@mindpath/events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation, checkoutFailureMessage, checkoutTarget, startCheckout } from './checkout.ts';
import { configureSdk } from './http.ts';
import { tokenStore } from './token-store.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const SESSION = { sessionId: 'cs_1', publicKey: 'pk_test', url: '/api/payments/sandbox/checkout/cs_1' };

let answer: () => Response;
beforeEach(() => {
  tokenStore.set('jwt');
  configureSdk({ baseUrl: '/api', fetch: (async () => answer()) as typeof fetch });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => tokenStore.clear());

describe('checkoutTarget', () => {
  it('keeps http(s) URLs, relative ones resolved on this origin', () => {
    expect(checkoutTarget('https://checkout.stripe.com/c/pay/cs_1')).toBe(
      'https://checkout.stripe.com/c/pay/cs_1',
    );
    expect(checkoutTarget('/api/payments/x')).toBe(`${window.location.origin}/api/payments/x`);
  });

  it('refuses URLs that would run script or are not URLs', () => {
    expect(checkoutTarget('javascript:alert(1)')).toBeNull();
    expect(checkoutTarget('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(checkoutTarget('http://[')).toBeNull();
  });
});

describe('startCheckout', () => {
  it('creates a session and sends the browser to its page', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    answer = () => json(200, SESSION);
    expect(await startCheckout()).toEqual({ kind: 'redirected' });
    expect(assign).toHaveBeenCalledWith(`${window.location.origin}${SESSION.url}`);
  });

  it('answers unauthorized on a 401, for the registration of a Pro account', async () => {
    tokenStore.clear();
    answer = () => json(401, { message: 'Authentication required', code: 'UNAUTHORIZED' });
    expect(await startCheckout()).toEqual({ kind: 'unauthorized' });
  });

  it('on a 401 with a stale token, drops the token without the session-expired redirect', async () => {
    const expired = vi.fn();
    const off = bus.on('unauthorized', expired);
    answer = () => json(401, { message: 'Invalid or expired token', code: 'UNAUTHORIZED' });
    expect(await startCheckout()).toEqual({ kind: 'unauthorized' });
    expect(tokenStore.get()).toBeUndefined();
    expect(expired).not.toHaveBeenCalled();
    off();
  });

  it("keeps the API's message for the learner, never a 5xx's", async () => {
    answer = () => json(409, { message: 'You are already on the Pro plan.', code: 'ALREADY_PRO' });
    expect(await startCheckout()).toEqual({
      kind: 'session-failed',
      serverMessage: 'You are already on the Pro plan.',
    });
    answer = () => json(500, { message: 'Internal Server Error', code: 'INTERNAL' });
    expect(await startCheckout()).toEqual({ kind: 'session-failed', serverMessage: null });
  });

  it('does not go to a session URL that is not http(s)', async () => {
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    answer = () => json(200, { ...SESSION, url: 'javascript:alert(1)' });
    expect(await startCheckout()).toEqual({ kind: 'redirect-failed' });
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('checkoutFailureMessage (spec 1 §8, spec 2 §8)', () => {
  it("prefers the server's message in settings, else the settings wording", () => {
    expect(checkoutFailureMessage({ kind: 'session-failed', serverMessage: 'Nope.' }, 'settings')).toBe(
      'Nope.',
    );
    expect(checkoutFailureMessage({ kind: 'session-failed', serverMessage: null }, 'settings')).toBe(
      SUBSCRIPTION_MESSAGES.settingsUpgradeFailed,
    );
  });

  it('uses the upgrade wording elsewhere, and the redirect wording when the browser could not go', () => {
    expect(checkoutFailureMessage({ kind: 'session-failed', serverMessage: 'Nope.' }, 'upgrade')).toBe(
      SUBSCRIPTION_MESSAGES.upgradeFailed,
    );
    expect(checkoutFailureMessage({ kind: 'redirect-failed' }, 'upgrade')).toBe(
      SUBSCRIPTION_MESSAGES.checkoutRedirectFailed,
    );
    expect(checkoutFailureMessage({ kind: 'redirected' }, 'settings')).toBeNull();
    expect(checkoutFailureMessage({ kind: 'unauthorized' }, 'settings')).toBeNull();
  });
});
