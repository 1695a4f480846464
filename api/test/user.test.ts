import { createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteUser, findUserByEmail } from '../src/modules/users/repository.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (authorization?: string) =>
  t.app.inject({ url: '/api/user', headers: authorization ? { authorization } : {} });

describe('GET /api/user', () => {
  it('answers the signed-in user without any password field', async () => {
    const learner = await registerLearner(t.app, { username: 'Grace' });
    const res = await me(learner.headers.authorization);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      username: 'Grace',
      email: learner.email,
      firstName: null,
      goalDescription: null,
    });
  });

  it('answers 401 without a token, with a malformed one and with one signed by another secret', async () => {
    const foreign = createSigner({ key: 'x'.repeat(40) })({ sub: '00000000-0000-4000-8000-000000000000' });
    for (const header of [undefined, 'Bearer nope', `Bearer ${foreign}`, 'Basic abc']) {
      const res = await me(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: 'Unauthorized',
        code: 'UNAUTHORIZED',
        requestId: expect.any(String),
      });
    }
  });

  it('answers 401 for an expired token', async () => {
    const learner = await registerLearner(t.app);
    const user = await findUserByEmail(t.database.db, learner.email);
    // issued in 1970 for one second: long expired, correctly signed
    const expired = createSigner({ key: t.config.jwtSecret, expiresIn: 1000 })({ sub: user?.id, iat: 1 });
    expect((await me(`Bearer ${expired}`)).statusCode).toBe(401);
  });

  it('stops accepting the token of a deleted account at once', async () => {
    const learner = await registerLearner(t.app);
    expect((await me(learner.headers.authorization)).statusCode).toBe(200);
    const user = await findUserByEmail(t.database.db, learner.email);
    if (!user) throw new Error('registered user not found');
    await deleteUser(t.database.db, user.id);
    expect((await me(learner.headers.authorization)).statusCode).toBe(401);
  });
});
