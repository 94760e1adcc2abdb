import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import { authErrorText } from './auth-errors.ts';

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

  it("shows an unknown code's server message, else the generic text", () => {
    expect(authErrorText(new ApiError(400, 'odd', 'Something odd'), 'auth.loginFailed')).toEqual({
      text: 'Something odd',
    });
    expect(authErrorText(new TypeError('Failed to fetch'), 'auth.loginFailed')).toEqual({
      key: 'auth.loginFailed',
    });
  });
});
