import { ApiRequestError } from '@mindpath/sdk/errors';

export const DUPLICATE_EMAIL_MESSAGE = 'User with this email already exists';
export const REGISTER_FALLBACK_MESSAGE = 'Failed to register. Please try again.';
export const TERMS_REQUIRED_MESSAGE = 'You must agree to the Terms & Conditions';
/** how long the duplicate-email notification stays (spec 1 §9: registration notification 5 s) */
export const DUPLICATE_NOTICE_MS = 5000;

export type RegisterFailure =
  | { kind: 'duplicate-email'; message: typeof DUPLICATE_EMAIL_MESSAGE }
  | { kind: 'error'; message: string };

const GENERIC_STATUS_MESSAGE = /^Request failed with status \d+$/;

/**
 * How a failed registration is shown (spec 1 §8): a message containing 'User with this email already exists'
 * or 'email already exists' becomes the transient notification; anything else shows the server's data,
 * else the message, else 'Failed to register. Please try again.'.
 */
export function registerFailure(error: unknown): RegisterFailure {
  const message = messageOf(error);
  if (message && /user with this email already exists|email already exists/i.test(message)) {
    return { kind: 'duplicate-email', message: DUPLICATE_EMAIL_MESSAGE };
  }
  return { kind: 'error', message: message ?? REGISTER_FALLBACK_MESSAGE };
}

function messageOf(error: unknown): string | undefined {
  if (error instanceof ApiRequestError) {
    if (typeof error.details === 'string' && error.details.trim()) return error.details;
    if (error.message && !GENERIC_STATUS_MESSAGE.test(error.message)) return error.message;
    return undefined;
  }
  if (typeof error === 'string' && error.trim()) return error;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}
