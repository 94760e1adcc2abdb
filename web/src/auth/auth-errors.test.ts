import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import { authErrorText, retryWhen } from './auth-errors.ts';

describe('sign-in error texts', () => {
  it('translates the codes the auth service answers with', () => {
    expect(
      authErrorText(new ApiError(401, 'invalid_credentials', 'Invalid username or password'), 'x'),
    ).toEqual({
      key: 'auth.errors.invalidCredentials',
    });
    expect(authErrorText(new ApiError(409, 'username_taken', 'Username is already taken'), 'x')).toEqual({
      key: 'auth.errors.usernameTaken',
    });
  });

  it('says when to try again after too many attempts or registrations, in the page language', () => {
    expect(authErrorText(new ApiError(429, 'too_many_attempts', 'Too many attempts', 8), 'x')).toEqual({
      key: 'auth.errors.tryAgainWhen',
      values: { when: 'in 8 seconds' },
    });
    expect(authErrorText(new ApiError(429, 'too_many_registrations', 'Too many', 3000), 'x')).toEqual({
      key: 'auth.errors.registrationsWhen',
      values: { when: 'in 50 minutes' },
    });
    expect(retryWhen(1, 'en')).toBe('in 1 second');
    expect(retryWhen(8, 'ar')).toBe(new Intl.RelativeTimeFormat('ar').format(8, 'second'));
    expect(authErrorText(new ApiError(403, 'challenge_required', 'Please complete'), 'x')).toEqual({
      key: 'securityCheck.required',
    });
    // Without Retry-After, the general text.
    expect(authErrorText(new ApiError(429, 'too_many_attempts', 'Too many'), 'x')).toEqual({
      key: 'auth.errors.tooManyAttempts',
    });
  });

  it("shows an unknown code's server message, else the generic text", () => {
    expect(authErrorText(new ApiError(400, 'odd', 'Something odd'), 'auth.loginFailed')).toEqual({
      text: 'Something odd',
    });
    expect(authErrorText(new TypeError('Failed to fetch'), 'auth.loginFailed')).toEqual({
      key: 'auth.loginFailed',
    });
  });
});
