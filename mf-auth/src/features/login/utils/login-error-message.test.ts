import { ApiRequestError, NetworkError, RateLimitError } from '@mindpath/sdk/errors';
import { describe, expect, it } from 'vitest';
import { loginErrorMessage } from './login-error-message.ts';
import { validateLogin } from './validate-login.ts';

describe('loginErrorMessage (spec 1 §8: data, else message, else fallback)', () => {
  it.each([
    [
      new ApiRequestError(401, 'Invalid email or password', 'INVALID_CREDENTIALS'),
      'Invalid email or password',
    ],
    [new ApiRequestError(400, 'Bad request', 'VALIDATION', 'Email is not valid'), 'Email is not valid'],
    [new ApiRequestError(200, 'Invalid login credentials'), 'Invalid login credentials'],
    [new ApiRequestError(502, 'Request failed with status 502'), 'Failed to login. Please try again.'],
    [
      new RateLimitError({
        message: 'Too many login attempts',
        hoursUntilReset: 1,
        subscriptionMessage: '',
        currentCount: 5,
        maxRequests: 5,
      }),
      'Too many login attempts',
    ],
    [new NetworkError(new TypeError('fetch failed')), 'Network error: the server could not be reached'],
    [new Error(''), 'Failed to login. Please try again.'],
    ['Server says no', 'Server says no'],
    [null, 'Failed to login. Please try again.'],
  ])('%o → %s', (error, message) => {
    expect(loginErrorMessage(error)).toBe(message);
  });
});

describe('validateLogin (spec 1 §5)', () => {
  it.each([
    ['', '', 'Email and password are required'],
    ['a@b.co', '', 'Email and password are required'],
    ['   ', 'pw', 'Email and password are required'],
    ['a@b.co', 'pw', null],
  ])('%j / %j → %s', (email, password, expected) => {
    expect(validateLogin({ email, password })).toBe(expected);
  });
});
