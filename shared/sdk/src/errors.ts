import type { RateLimitInfo } from '@mindpath/contracts/errors';

/**
 * A page can hold more than one copy of this module: the SDK's own files import it relatively, so each
 * remote that bundles an SDK call carries its copy, while a component's `@mindpath/sdk/errors` import is the
 * shared one. `instanceof` therefore goes by a brand every copy agrees on (a global symbol), not by identity.
 */
const KINDS = Symbol.for('mindpath.sdk.error-kinds');
type Branded = { [KINDS]?: readonly string[] };

function brand(error: Error, kind: string): void {
  const kinds = [...((error as Branded)[KINDS] ?? []), kind];
  Object.defineProperty(error, KINDS, { value: kinds, configurable: true });
}

/** By prototype first (transpiled constructors check `this instanceof` before the brand is set), then by brand. */
function hasKind(value: unknown, kind: string): boolean {
  return typeof value === 'object' && value !== null && ((value as Branded)[KINDS]?.includes(kind) ?? false);
}

/** Any non-2xx answer. `message` is the server's message when it sent one. */
export class ApiRequestError extends Error {
  static readonly kind: string = 'ApiRequestError';
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class right of instanceof (maybe a subclass) names the kind
    return Function.prototype[Symbol.hasInstance].call(this, value) || hasKind(value, this.kind);
  }
  readonly status: number;
  readonly code: string;
  readonly details: unknown;
  constructor(status: number, message: string, code = 'ERROR', details?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = code;
    this.details = details;
    brand(this, ApiRequestError.kind);
  }
}

/** A plan-limit 429 with the spec's rate-limit fields (spec 1 §8). */
export class RateLimitError extends ApiRequestError implements RateLimitInfo {
  static override readonly kind: string = 'RateLimitError';
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
    brand(this, RateLimitError.kind);
  }
}

/** The API could not be reached at all (offline, DNS, CORS). */
export class NetworkError extends Error {
  static readonly kind: string = 'NetworkError';
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class right of instanceof (maybe a subclass) names the kind
    return Function.prototype[Symbol.hasInstance].call(this, value) || hasKind(value, this.kind);
  }
  constructor(cause: unknown) {
    super('Network error: the server could not be reached', { cause });
    this.name = 'NetworkError';
    brand(this, NetworkError.kind);
  }
}
