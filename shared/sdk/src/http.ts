import type { ApiError, RateLimitInfo } from '@mindpath/contracts/errors';
import { bus } from '@mindpath/events';
import type { z } from 'zod';
import { ApiRequestError, NetworkError, RateLimitError } from './errors.ts';
import { camelizeKeys } from './normalize.ts';
import { tokenStore } from './token-store.ts';

export interface SdkConfig {
  /** prefix of every call; the API is served on the same origin under /api */
  baseUrl: string;
  fetch: typeof fetch;
}

const config: SdkConfig = { baseUrl: '/api', fetch: (...args) => globalThis.fetch(...args) };

export function configureSdk(patch: Partial<SdkConfig>): void {
  Object.assign(config, patch);
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Rate-limit defaults (spec 1 §8) for a 429 whose body leaves fields out. */
const RATE_LIMIT_DEFAULTS = { hoursUntilReset: 72, subscriptionMessage: '', currentCount: 1, maxRequests: 1 };
/** Lessons are limited per day, goals and roadmaps per 3 days, so a lesson's 429 resets in 24 h by default. */
const LESSON_HOURS_UNTIL_RESET = 24;

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// The error bodies' schemas (contracts/errors.ts) checked without zod, which a page's first load does not
// carry: an API error is common there (the active goal's 404 on a new learner's home). http.test.ts holds
// these in step with the schemas.
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export const isApiError = (v: unknown): v is ApiError =>
  isObject(v) &&
  typeof v.message === 'string' &&
  typeof v.code === 'string' &&
  (v.requestId === undefined || typeof v.requestId === 'string');

export const isRateLimitInfo = (v: unknown): v is RateLimitInfo =>
  isObject(v) &&
  typeof v.message === 'string' &&
  typeof v.subscriptionMessage === 'string' &&
  Number.isFinite(v.hoursUntilReset) &&
  Number.isInteger(v.currentCount) &&
  Number.isInteger(v.maxRequests);

/** The SDK's error for a non-2xx answer to `path` (the path picks the 429's default reset time). */
function toError(status: number, body: unknown, path: string): ApiRequestError {
  const data = camelizeKeys(body);
  if (status === 429) {
    const defaults = path.startsWith('/lessons/')
      ? { ...RATE_LIMIT_DEFAULTS, hoursUntilReset: LESSON_HOURS_UNTIL_RESET }
      : RATE_LIMIT_DEFAULTS;
    const merged = { message: 'Too many requests', ...defaults, ...(data as object) };
    if (isRateLimitInfo(merged))
      return new RateLimitError({
        message: merged.message,
        hoursUntilReset: merged.hoursUntilReset,
        subscriptionMessage: merged.subscriptionMessage,
        currentCount: merged.currentCount,
        maxRequests: merged.maxRequests,
      });
  }
  if (isApiError(data)) return new ApiRequestError(status, data.message, data.code, data.details);
  if (typeof data === 'string' && data.length > 0 && data.length < 500)
    return new ApiRequestError(status, data);
  return new ApiRequestError(status, `Request failed with status ${status}`);
}

/**
 * A call with the bearer header when a token is stored and a JSON (or FormData) body when given. A non-2xx answer throws
 * the SDK's error (429 → RateLimitError); 401 removes the token and raises `unauthorized`, unless the caller
 * handles the 401 itself (`raiseUnauthorized: false`, the upgrade: spec 1 §8 sends it to registration instead
 * of the session-expired redirect). Streams read the returned body themselves.
 */
export interface FetchOptions {
  accept?: string;
  signal?: AbortSignal | undefined;
  raiseUnauthorized?: boolean;
}

export async function authorizedFetch(
  method: Method,
  path: string,
  body?: unknown,
  { accept = 'application/json', signal, raiseUnauthorized = true }: FetchOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { accept };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  // a FormData body (a file upload) sets its own multipart content type with the boundary
  const form = body instanceof FormData;
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await config.fetch(config.baseUrl + path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  if (!res.ok) {
    const data = await readBody(res);
    if (res.status === 401 && token) {
      tokenStore.clear();
      if (raiseUnauthorized) bus.emit('unauthorized');
    }
    throw toError(res.status, data, path);
  }
  return res;
}

/**
 * One typed call: JSON in and out through authorizedFetch, the answer normalised to camelCase and typed by the
 * contract. The API validated it against the same contract schema before sending it (its response schema), so
 * the client does not check it again: the pages' reads load no zod. `request` is for an answer the client
 * reshapes with a schema of its own.
 */
export async function fetchJson<T>(
  method: Method,
  path: string,
  body?: unknown,
  options?: Pick<FetchOptions, 'raiseUnauthorized' | 'signal'>,
): Promise<T> {
  const res = await authorizedFetch(method, path, body, options);
  return camelizeKeys(await readBody(res)) as T;
}

/**
 * One call whose answer is parsed by `schema` after the camelCase normalisation: for answers the client
 * reshapes (a transform), or checks itself. Its caller loads zod.
 */
export async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  body?: unknown,
  options?: Pick<FetchOptions, 'raiseUnauthorized' | 'signal'>,
): Promise<z.infer<S>> {
  const res = await authorizedFetch(method, path, body, options);
  return schema.parse(camelizeKeys(await readBody(res)));
}
