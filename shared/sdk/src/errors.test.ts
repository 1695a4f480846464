import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, NetworkError, RateLimitError } from './errors.ts';

const info = {
  message: 'Limit',
  hoursUntilReset: 3,
  subscriptionMessage: '',
  currentCount: 5,
  maxRequests: 5,
};

describe('SDK errors', () => {
  it('keep their class hierarchy for instanceof', () => {
    const limit = new RateLimitError(info);
    expect(limit).toBeInstanceOf(RateLimitError);
    expect(limit).toBeInstanceOf(ApiRequestError);
    expect(limit).toBeInstanceOf(Error);
    const plain = new ApiRequestError(500, 'boom');
    expect(plain).toBeInstanceOf(ApiRequestError);
    expect(plain).not.toBeInstanceOf(RateLimitError);
    expect(new NetworkError(null)).toBeInstanceOf(NetworkError);
    expect(new NetworkError(null)).not.toBeInstanceOf(ApiRequestError);
    expect(new Error('x')).not.toBeInstanceOf(ApiRequestError);
    expect(null).not.toBeInstanceOf(ApiRequestError);
    // what a transpiled constructor checks before its body has run
    expect(Object.create(RateLimitError.prototype)).toBeInstanceOf(ApiRequestError);
  });

  it("recognise an error thrown by another remote's copy of this module", async () => {
    // a second evaluation of the module: what a remote bundling its own copy of the SDK throws
    vi.resetModules();
    const copy = await import('./errors.ts');
    expect(copy.RateLimitError).not.toBe(RateLimitError);
    const fromCopy = new copy.RateLimitError(info);
    expect(fromCopy).toBeInstanceOf(RateLimitError);
    expect(fromCopy).toBeInstanceOf(ApiRequestError);
    expect(new copy.ApiRequestError(404, 'x')).not.toBeInstanceOf(RateLimitError);
    expect(new copy.NetworkError(null)).toBeInstanceOf(NetworkError);
  });
});
