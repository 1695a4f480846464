import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { createTestApp, newLearner, STRONG_PASSWORD, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const login = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload });

describe('POST /api/auth/register', () => {
  it('creates the account and answers a token that opens GET /api/user', async () => {
    const learner = newLearner({ username: 'Ada' });
    const res = await register(learner);
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const me = await t.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toMatchObject({ username: 'Ada', email: learner.email, firstName: null });
  });

  it('stores an argon2id hash, never the password', async () => {
    const learner = newLearner();
    await register(learner);
    const rows = await t.database.db.select().from(users);
    const row = rows.find((r) => r.email === learner.email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(STRONG_PASSWORD);
  });

  it("refuses an email already registered, whatever its case, with the spec's message", async () => {
    const learner = newLearner();
    expect((await register(learner)).statusCode).toBe(200);
    const again = await register({ ...learner, email: learner.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'User with this email already exists',
      code: 'EMAIL_TAKEN',
      requestId: expect.any(String),
    });
  });

  it('refuses a password that misses a rule', async () => {
    const res = await register(newLearner({ password: 'alllowercase1!' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Please fix the password issues below',
    });
  });

  it('names the field of an invalid or missing value', async () => {
    const bad = await register(newLearner({ email: 'not-an-email' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');
    expect(bad.json().details[0].field).toBe('email');

    const { username: _omit, ...noUsername } = newLearner();
    const missing = await register(noUsername);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('username is required');
  });

  it('lets only one of two simultaneous registrations of one email through', async () => {
    const learner = newLearner();
    const codes = (await Promise.all([register(learner), register(learner)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
  });
});

describe('POST /api/auth/login', () => {
  it('answers a token for the right password, whatever the email case', async () => {
    const learner = newLearner();
    await register(learner);
    const res = await login({ email: `  ${learner.email.toUpperCase()} `, password: learner.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeTypeOf('string');
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const learner = newLearner();
    await register(learner);
    const wrong = await login({ email: learner.email, password: 'Wr0ng!password' });
    const unknown = await login({ email: 'nobody@example.com', password: learner.password });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Invalid email or password',
        code: 'INVALID_CREDENTIALS',
        requestId: expect.any(String),
      });
    }
  });

  it("asks for both fields with the spec's wording", async () => {
    for (const payload of [{}, { email: 'a@b.co' }, { email: '', password: '' }]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Email and password are required');
    }
  });
});

describe('auth rate limit', () => {
  it('answers 429 in the error shape once a client exceeds AUTH_RATE_LIMIT per minute', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT: '3' });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'x@example.com', password: 'x' },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(res.json().message).toMatch(/^Too many requests/);
      expect(res.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
