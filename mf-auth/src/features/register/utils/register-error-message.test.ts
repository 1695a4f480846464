import { ApiRequestError, NetworkError } from '@mindpath/sdk/errors';
import { describe, expect, it } from 'vitest';
import { registerFailure } from './register-error-message.ts';

describe('registerFailure (spec 1 §8)', () => {
  it.each([
    [new ApiRequestError(409, 'User with this email already exists', 'EMAIL_TAKEN')],
    [new ApiRequestError(400, 'An account with this email already exists')],
    [new Error('Email already exists')],
  ])('turns %o into the duplicate-email notification', (error) => {
    expect(registerFailure(error)).toEqual({
      kind: 'duplicate-email',
      message: 'User with this email already exists',
    });
  });

  it.each([
    [new ApiRequestError(400, 'x', 'VALIDATION', 'Username is taken'), 'Username is taken'],
    [new ApiRequestError(400, 'Username is required', 'VALIDATION'), 'Username is required'],
    [new ApiRequestError(500, 'Request failed with status 500'), 'Failed to register. Please try again.'],
    [new ApiRequestError(200, 'Registration failed'), 'Registration failed'],
    [new NetworkError(new TypeError('fetch failed')), 'Network error: the server could not be reached'],
    ['plain text from server', 'plain text from server'],
    [undefined, 'Failed to register. Please try again.'],
    [{}, 'Failed to register. Please try again.'],
  ])('%o → %s', (error, message) => {
    expect(registerFailure(error)).toEqual({ kind: 'error', message });
  });
});
