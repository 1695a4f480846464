import { ApiRequestError } from '@mindpath/sdk/errors';

export const LOGIN_FALLBACK_MESSAGE = 'Failed to login. Please try again.';

/** The SDK's own wording when the server sent no message of its own: not worth showing to a learner. */
const GENERIC_STATUS_MESSAGE = /^Request failed with status \d+$/;

/**
 * What a failed login shows (spec 1 §8): the server's response data, else the error's message, else
 * 'Failed to login. Please try again.'. Wrong credentials answer 401 {message: 'Invalid email or password'}.
 */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (typeof error.details === 'string' && error.details.trim()) return error.details;
    if (error.message && !GENERIC_STATUS_MESSAGE.test(error.message)) return error.message;
    return LOGIN_FALLBACK_MESSAGE;
  }
  if (typeof error === 'string' && error.trim()) return error;
  if (error instanceof Error && error.message) return error.message;
  return LOGIN_FALLBACK_MESSAGE;
}
