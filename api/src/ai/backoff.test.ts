import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, sleep } from './backoff.ts';
import { DEFAULT_RETRY, isRetryableStatus } from './constants.ts';

describe('backoffDelay', () => {
  const policy = { baseDelayMs: 100, maxDelayMs: 1_000 };

  it('doubles each retry, between half and all of the step', () => {
    expect([0, 1, 2, 3].map((r) => backoffDelay(r, policy, () => 0))).toEqual([50, 100, 200, 400]);
    expect([0, 1, 2, 3].map((r) => backoffDelay(r, policy, () => 0.999_999))).toEqual([100, 200, 400, 800]);
  });

  it('is capped', () => {
    expect(backoffDelay(10, policy, () => 0.999_999)).toBe(1_000);
    expect(backoffDelay(10, policy, () => 0)).toBe(500);
  });

  it('spreads clients out (jitter)', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(3, policy)));
    expect(delays.size).toBeGreaterThan(10);
    for (const d of delays) expect(d).toBeGreaterThanOrEqual(400);
  });
});

describe('parseRetryAfter', () => {
  const h = (init: Record<string, string>) => new Headers(init);

  it('reads retry-after-ms first, then retry-after in seconds or as a date', () => {
    expect(parseRetryAfter(h({ 'retry-after-ms': '250', 'retry-after': '9' }))).toBe(250);
    expect(parseRetryAfter(h({ 'retry-after': '3' }))).toBe(3_000);
    expect(parseRetryAfter(h({ 'retry-after': '1.5' }))).toBe(1_500);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter(h({ 'retry-after': 'Wed, 01 Jan 2025 00:00:07 GMT' }), now)).toBe(7_000);
    expect(parseRetryAfter(h({ 'retry-after': 'Tue, 31 Dec 2024 00:00:00 GMT' }), now)).toBe(0);
  });

  it('is undefined when absent or unreadable', () => {
    expect(parseRetryAfter(h({}))).toBeUndefined();
    expect(parseRetryAfter(h({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(h({ 'retry-after-ms': 'x' }))).toBeUndefined();
  });
});

describe('retryable statuses', () => {
  it('retries 408, 409, 425, 429 and 5xx only', () => {
    for (const s of [408, 409, 425, 429, 500, 502, 503, 504, 529]) expect(isRetryableStatus(s)).toBe(true);
    for (const s of [400, 401, 403, 404, 413, 422]) expect(isRetryableStatus(s)).toBe(false);
    expect(DEFAULT_RETRY.maxRetries).toBeGreaterThan(0);
  });
});

describe('sleep', () => {
  it('rejects with the signal’s reason when aborted', async () => {
    const c = new AbortController();
    const p = sleep(10_000, c.signal);
    c.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
  });
});
