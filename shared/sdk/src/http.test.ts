// @vitest-environment jsdom
import { UserSchema } from '@mindpath/contracts/auth';
import { ApiErrorSchema, RateLimitInfoSchema } from '@mindpath/contracts/errors';
import { bus } from '@mindpath/events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authApi } from './auth-api.ts';
import { ApiRequestError, NetworkError, RateLimitError } from './errors.ts';
import { configureSdk, fetchJson, isApiError, isRateLimitInfo, request } from './http.ts';
import { camelizeKeys } from './normalize.ts';
import { subscriptionsApi } from './subscriptions-api.ts';
import { tokenStore } from './token-store.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn();
  configureSdk({ fetch: fetchMock as unknown as typeof fetch, baseUrl: '/api' });
});
afterEach(() => vi.useRealTimers());

describe('camelizeKeys', () => {
  it('lower-cases the first letter of keys, deeply, leaving values alone', () => {
    expect(
      camelizeKeys({ Id: 1, UserName: 'Ann', Items: [{ IsCompleted: true, Name: 'X' }], n: null }),
    ).toEqual({
      id: 1,
      userName: 'Ann',
      items: [{ isCompleted: true, name: 'X' }],
      n: null,
    });
  });
});

describe('request', () => {
  it('sends the bearer token and accepts a PascalCase answer', async () => {
    tokenStore.set('tok');
    fetchMock.mockResolvedValue(
      json(200, { Id: 'u1', Username: 'ann', Email: 'a@b.co', FirstName: null, GoalDescription: null }),
    );
    const user = await request('GET', '/user', UserSchema);
    expect(user).toEqual({
      id: 'u1',
      username: 'ann',
      email: 'a@b.co',
      firstName: null,
      goalDescription: null,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user');
    expect(init.headers.authorization).toBe('Bearer tok');
  });

  it('on 401 removes the token and raises unauthorized', async () => {
    tokenStore.set('tok');
    const seen = vi.fn();
    const off = bus.on('unauthorized', seen);
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthorized', code: 'UNAUTHORIZED' }));
    await expect(request('GET', '/user', UserSchema)).rejects.toBeInstanceOf(ApiRequestError);
    off();
    expect(tokenStore.get()).toBeUndefined();
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('a 401 to a call without a token (wrong password) is not a session expiry', async () => {
    const seen = vi.fn();
    const off = bus.on('unauthorized', seen);
    fetchMock.mockResolvedValue(
      json(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }),
    );
    await expect(authApi.login({ email: 'a@b.co', password: 'x' })).rejects.toThrow(
      'Invalid email or password',
    );
    off();
    expect(seen).not.toHaveBeenCalled();
  });

  it('maps a 429 to a RateLimitError with the spec fields, defaults filled in', async () => {
    fetchMock.mockResolvedValue(
      json(429, { Message: 'You can create 1 goal every 3 days with your current plan.' }),
    );
    const err = await request('POST', '/goals', UserSchema, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({
      status: 429,
      message: 'You can create 1 goal every 3 days with your current plan.',
      hoursUntilReset: 72,
      currentCount: 1,
      maxRequests: 1,
    });
  });

  it("defaults a lesson's 429 to a reset in 24 hours (lessons are limited per day)", async () => {
    fetchMock.mockResolvedValue(json(429, { Message: 'Daily lesson limit reached' }));
    const err = await request('POST', '/lessons/l-1/generate-content', UserSchema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ hoursUntilReset: 24, currentCount: 1, maxRequests: 1 });
  });

  it('keeps the server message of an error answer', async () => {
    fetchMock.mockResolvedValue(
      json(409, { message: 'User with this email already exists', code: 'EMAIL_TAKEN' }),
    );
    await expect(request('POST', '/auth/register', UserSchema, {})).rejects.toMatchObject({
      status: 409,
      code: 'EMAIL_TAKEN',
      message: 'User with this email already exists',
    });
  });

  it('wraps a failed fetch in a NetworkError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('GET', '/user', UserSchema)).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('auth and subscription calls', () => {
  it('login stores the token and raises auth-change', async () => {
    const seen = vi.fn();
    const off = bus.on('auth-change', seen);
    fetchMock.mockResolvedValue(json(200, { Token: 'abc' }));
    await authApi.login({ email: 'a@b.co', password: 'pw' });
    off();
    expect(tokenStore.get()).toBe('abc');
    expect(seen).toHaveBeenCalledWith({ authenticated: true });
  });

  it("an answer without a token is 'Invalid login credentials' / 'Registration failed'", async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await expect(authApi.login({ email: 'a@b.co', password: 'pw' })).rejects.toThrow(
      'Invalid login credentials',
    );
    fetchMock.mockResolvedValue(json(200, {}));
    await expect(authApi.register({ username: 'a', email: 'a@b.co', password: 'Str0ng!pw' })).rejects.toThrow(
      'Registration failed',
    );
  });

  it('subscription status falls back to free, inactive on failure', async () => {
    fetchMock.mockResolvedValue(json(500, { message: 'Internal server error', code: 'INTERNAL' }));
    await expect(subscriptionsApi.status()).resolves.toEqual({
      tier: 'free',
      isActive: false,
      endDate: null,
    });
  });

  it('logout clears the token', () => {
    tokenStore.set('t');
    authApi.logout();
    expect(tokenStore.isAuthenticated()).toBe(false);
  });
});

describe('error bodies checked without zod', () => {
  const samples: unknown[] = [
    { message: 'm', code: 'C' },
    { message: 'm', code: 'C', details: { a: 1 } },
    { message: 'm', code: 'C', requestId: '3f6c1e9a-8d0b-4c1e-9a37-2b5d7e1f0c44' },
    { message: 'm', code: 'C', requestId: 7 },
    { message: 'm' },
    { message: 1, code: 'C' },
    { message: 'Too many', hoursUntilReset: 24, subscriptionMessage: 's', currentCount: 1, maxRequests: 1 },
    { message: 'Too many', hoursUntilReset: 1.5, subscriptionMessage: 's', currentCount: 1, maxRequests: 1 },
    { message: 'Too many', hoursUntilReset: 24, subscriptionMessage: 's', currentCount: 1.5, maxRequests: 1 },
    { message: 'Too many', hoursUntilReset: '24', subscriptionMessage: 's', currentCount: 1, maxRequests: 1 },
    'text',
    null,
    [],
  ];
  it('agree with the contract schemas', () => {
    for (const body of samples) {
      expect(isApiError(body), JSON.stringify(body)).toBe(ApiErrorSchema.safeParse(body).success);
      expect(isRateLimitInfo(body), JSON.stringify(body)).toBe(RateLimitInfoSchema.safeParse(body).success);
    }
  });
});

describe('fetchJson', () => {
  it('answers the camelCased body typed by the contract', async () => {
    fetchMock.mockResolvedValue(json(200, [{ Id: 'g1', IsActive: true }]));
    await expect(fetchJson('GET', '/goals')).resolves.toEqual([{ id: 'g1', isActive: true }]);
  });
});
