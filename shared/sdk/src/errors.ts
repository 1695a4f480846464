import type { RateLimitInfo } from '@mindpath/contracts/errors';

/** Any non-2xx answer. `message` is the server's message when it sent one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  constructor(status: number, message: string, code = 'ERROR', details?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/** A plan-limit 429 with the spec's rate-limit fields (spec 1 §8). */
export class RateLimitError extends ApiRequestError implements RateLimitInfo {
  readonly hoursUntilReset: number;
  readonly subscriptionMessage: string;
  readonly currentCount: number;
  readonly maxRequests: number;
  constructor(info: RateLimitInfo) {
    super(429, info.message, 'RATE_LIMITED', info);
    this.name = 'RateLimitError';
    this.hoursUntilReset = info.hoursUntilReset;
    this.subscriptionMessage = info.subscriptionMessage;
    this.currentCount = info.currentCount;
    this.maxRequests = info.maxRequests;
  }
}

/** The API could not be reached at all (offline, DNS, CORS). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network error: the server could not be reached', { cause });
    this.name = 'NetworkError';
  }
}
