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
};

export type AuthErrorText = { key: string } | { text: string };

export function authErrorText(error: unknown, fallbackKey: string): AuthErrorText {
  if (error instanceof ApiError) {
    const key = KEYS_BY_CODE[error.code];
    if (key) return { key };
    if (error.message) return { text: error.message };
  }
  return { key: fallbackKey };
}
