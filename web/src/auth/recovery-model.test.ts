import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/http.ts';
import { emailProblem, newPasswordProblem, recoveryErrorKey } from './recovery-model.ts';

describe('account recovery on the page', () => {
  it('explains each refusal the server gives in its own words', () => {
    expect(recoveryErrorKey(new ApiError(400, 'wrong_password', ''))).toBe('errors.wrongPassword');
    expect(recoveryErrorKey(new ApiError(400, 'link_expired', ''))).toBe('errors.linkExpired');
    expect(recoveryErrorKey(new ApiError(409, 'mail_not_configured', ''))).toBe('errors.mailOff');
    expect(recoveryErrorKey(new ApiError(429, 'rate_limited', ''))).toBe('errors.tooMany');
    expect(recoveryErrorKey(new ApiError(400, 'invalid_request', ''))).toBe('errors.invalid');
    expect(recoveryErrorKey(new TypeError('offline'))).toBe('errors.generic');
  });

  it('asks for a long enough new password typed the same twice before sending it', () => {
    expect(newPasswordProblem('', '')).toBe('errors.passwordRequired');
    expect(newPasswordProblem('short', 'short')).toBe('errors.weakPassword');
    expect(newPasswordProblem('long enough', 'long enuogh')).toBe('errors.mismatch');
    expect(newPasswordProblem('long enough', 'long enough')).toBeNull();
  });

  it('asks for an address that looks like one', () => {
    expect(emailProblem(' ')).toBe('errors.emailRequired');
    expect(emailProblem('not-an-address')).toBe('errors.invalidEmail');
    expect(emailProblem(' me@example.com ')).toBeNull();
  });
});
