// Account recovery's rules on the page: which translated text (namespace "account") explains a refusal, and
// the checks made before asking the server. The server judges again; these only answer early.
import { ApiError } from '../api/http.ts';

export const PASSWORD_MIN = 8;
/** The server's longest password (services/auth/src/account-rules.ts), the fields' maxLength. */
export const PASSWORD_MAX = 128;

const KEY_BY_CODE: Record<string, string> = {
  wrong_password: 'errors.wrongPassword',
  weak_password: 'errors.weakPassword',
  invalid_password: 'errors.weakPassword',
  link_expired: 'errors.linkExpired',
  email_taken: 'errors.emailTaken',
  invalid_email: 'errors.invalidEmail',
  too_many_requests: 'errors.tooMany',
  too_many_attempts: 'errors.tooMany',
  mail_not_configured: 'errors.mailOff',
  mail_failed: 'errors.mailFailed',
  no_password: 'errors.noPassword',
};

/** The translation key for a failed call: its code's text, 429s as "too many", the rest as generic. */
export function recoveryErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    const key = KEY_BY_CODE[error.code];
    if (key) return key;
    if (error.status === 429) return 'errors.tooMany';
    if (error.status === 400) return 'errors.invalid';
  }
  return 'errors.generic';
}

/** A new password typed twice: what to say before sending it, or null to send. */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (!password) return 'errors.passwordRequired';
  if ([...password].length < PASSWORD_MIN) return 'errors.weakPassword';
  if (password !== confirmation) return 'errors.mismatch';
  return null;
}

/** A plausible address (the server checks it by sending a link). */
export function emailProblem(email: string): string | null {
  const trimmed = email.trim();
  if (!trimmed) return 'errors.emailRequired';
  if (trimmed.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return 'errors.invalidEmail';
  return null;
}
