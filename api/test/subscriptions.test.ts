import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertSubscription } from '../src/modules/subscriptions/repository.ts';
import { setTierByEmail, toStatus } from '../src/modules/subscriptions/service.ts';
import { findUserByEmail } from '../src/modules/users/repository.ts';
import { createTestApp, registerLearner, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const status = (headers: Record<string, string>) =>
  t.app.inject({ url: '/api/subscriptions/status', headers });

describe('GET /api/subscriptions/status', () => {
  it('is free and inactive for a new learner', async () => {
    const learner = await registerLearner(t.app);
    const res = await status(learner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tier: 'free', isActive: false, endDate: null });
  });

  it('needs a token', async () => {
    expect((await status({})).statusCode).toBe(401);
  });

  it('reports a tier set out of band (the set-tier CLI) and only for that learner', async () => {
    const pro = await registerLearner(t.app);
    const other = await registerLearner(t.app);
    await setTierByEmail(t.database.db, pro.email.toUpperCase(), 'pro', 30);
    const body = (await status(pro.headers)).json();
    expect(body).toMatchObject({ tier: 'pro', isActive: true });
    const days = (Date.parse(body.endDate) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await status(other.headers)).json()).toEqual({ tier: 'free', isActive: false, endDate: null });
  });

  it('reports a subscription past its end date as free', async () => {
    const learner = await registerLearner(t.app);
    const user = await findUserByEmail(t.database.db, learner.email);
    if (!user) throw new Error('registered user not found');
    await upsertSubscription(t.database.db, user.id, {
      tier: 'pro',
      isActive: true,
      endDate: new Date(Date.now() - 60_000),
    });
    expect((await status(learner.headers)).json()).toEqual({ tier: 'free', isActive: false, endDate: null });
  });

  it('refuses to set the tier of an unknown email', async () => {
    await expect(setTierByEmail(t.database.db, 'ghost@example.com', 'pro')).rejects.toThrow(
      'No user with email ghost@example.com',
    );
  });
});

describe('toStatus', () => {
  const row = (over: Partial<Parameters<typeof toStatus>[0] & object> = {}) => ({
    userId: 'u',
    tier: 'pro',
    isActive: true,
    endDate: null,
    updatedAt: new Date(),
    ...over,
  });

  it('is the free status without a row', () => {
    expect(toStatus(undefined)).toEqual({ tier: 'free', isActive: false, endDate: null });
  });

  it('keeps an open-ended paid plan active and reads an unknown stored tier as free', () => {
    expect(toStatus(row())).toEqual({ tier: 'pro', isActive: true, endDate: null });
    expect(toStatus(row({ tier: 'platinum' })).tier).toBe('free');
  });

  it('is pro until the end date and free from it on', () => {
    const end = new Date('2026-01-01T00:00:00Z');
    expect(toStatus(row({ endDate: end }), new Date(end.getTime() - 1))).toEqual({
      tier: 'pro',
      isActive: true,
      endDate: end.toISOString(),
    });
    expect(toStatus(row({ endDate: end }), end)).toEqual({ tier: 'free', isActive: false, endDate: null });
  });

  it('keeps a cancelled Pro pro and inactive until the end date (spec 1 §4)', () => {
    const end = new Date('2026-01-01T00:00:00Z');
    const cancelled = row({ isActive: false, endDate: end });
    expect(toStatus(cancelled, new Date(end.getTime() - 1))).toEqual({
      tier: 'pro',
      isActive: false,
      endDate: end.toISOString(),
    });
    expect(toStatus(cancelled, end)).toEqual({ tier: 'free', isActive: false, endDate: null });
  });
});
