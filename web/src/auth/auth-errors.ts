// Sign-in and registration failures by the server's error code, so every language gets its own text;
// an unknown code shows the server's message, else a generic one (spec 8).
import { ApiError } from '../api/http.ts';

const KEYS_BY_CODE: Record<string, string> = {
  invalid_credentials: 'auth.errors.invalidCredentials',
  too_many_attempts: 'auth.errors.tooManyAttempts',
  username_taken: 'auth.errors.usernameTaken',
  invalid_username: 'auth.errors.invalidUsername',
  weak_password: 'auth.errors.weakPassword',
  invalid_password: 'auth.errors.weakPassword',
  credentials_required: 'auth.credentialsRequired',
  challenge_required: 'securityCheck.required',
};

/** Refusals that say when to come back (Retry-After): their text names the time. */
const KEYS_WITH_WAIT: Record<string, string> = {
  too_many_attempts: 'auth.errors.tryAgainWhen',
  too_many_registrations: 'auth.errors.registrationsWhen',
};

export type AuthErrorText = { key: string; values?: Record<string, string> } | { text: string };

/** "in 8 seconds", "in 42 minutes", in the page's language. */
export function retryWhen(seconds: number, locale: string): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (seconds < 90) return format.format(seconds, 'second');
  if (seconds < 90 * 60) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
}

export function authErrorText(error: unknown, fallbackKey: string, locale = 'en'): AuthErrorText {
  if (error instanceof ApiError) {
    const waitKey = KEYS_WITH_WAIT[error.code];
    if (waitKey && error.retryAfterSeconds) {
      return { key: waitKey, values: { when: retryWhen(error.retryAfterSeconds, locale) } };
    }
    const key = KEYS_BY_CODE[error.code];
    if (key) return { key };
    if (error.message) return { text: error.message };
  }
  return { key: fallbackKey };
}
