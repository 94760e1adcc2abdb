// Account recovery: password change (POST /api/auth/password), the e-mail address (/api/account/security,
// /api/account/email, /api/account/email/verify) and reset by e-mail (/api/auth/forgot-password, reset-password).
import { requestJson } from './http.ts';

export interface AccountSecurity {
  /** False for accounts that sign in only with Google. */
  has_password: boolean;
  /** The verified address; '' for none. */
  email: string;
  email_verified: boolean;
  /** An address whose confirmation link has not been opened yet; '' for none. */
  pending_email: string;
  /** Whether this server sends mail at all. */
  mail_enabled: boolean;
}

export function fetchAccountSecurity(signal?: AbortSignal): Promise<AccountSecurity> {
  return requestJson<AccountSecurity>('/api/account/security', { signal });
}

export function changePassword(currentPassword: string, newPassword: string): Promise<{ success: boolean }> {
  return requestJson('/api/auth/password', {
    method: 'POST',
    body: JSON.stringify({ current_password: currentPassword, new_password: newPassword }),
  });
}

export function requestEmailVerification(email: string, lang: string): Promise<AccountSecurity> {
  return requestJson<AccountSecurity>('/api/account/email', {
    method: 'POST',
    body: JSON.stringify({ email, lang }),
  });
}

export function verifyEmail(token: string): Promise<{ user: { email: string } }> {
  return requestJson('/api/account/email/verify', {
    method: 'POST',
    body: JSON.stringify({ token }),
    unauthorizedIsExpected: true,
  });
}

export async function fetchRecoveryOptions(signal?: AbortSignal): Promise<{ email_reset: boolean }> {
  return requestJson('/api/auth/recovery-options', { signal });
}

export function requestPasswordReset(login: string, lang: string): Promise<{ success: boolean }> {
  return requestJson('/api/auth/forgot-password', {
    method: 'POST',
    body: JSON.stringify({ login, lang }),
    unauthorizedIsExpected: true,
  });
}

export function resetPassword(token: string, password: string): Promise<{ success: boolean }> {
  return requestJson('/api/auth/reset-password', {
    method: 'POST',
    body: JSON.stringify({ token, password }),
    unauthorizedIsExpected: true,
  });
}
