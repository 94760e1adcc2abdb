// The signed-in user's own account: profile (GET /api/auth/me, PUT /api/user/profile), API keys
// (/api/user/api-keys) and account deletion (DELETE /api/user/account).
import type { SessionUser } from './auth.ts';
import { requestJson } from './http.ts';

/** The session user as /api/auth/me and /api/user/profile answer it, with the join date. */
export interface AccountUser extends SessionUser {
  avatar: string;
  banned: boolean;
  created_at: string;
}

export async function fetchAccount(signal?: AbortSignal): Promise<AccountUser | null> {
  const body = await requestJson<{ authenticated: boolean; user: AccountUser | null }>('/api/auth/me', {
    signal,
  });
  return body.authenticated ? body.user : null;
}

export interface ProfileChanges {
  name?: string;
  /** An https link or an uploaded /files/… path; empty means the default avatar. */
  avatar?: string;
}

export async function updateProfile(changes: ProfileChanges): Promise<AccountUser> {
  const body = await requestJson<{ user: AccountUser }>('/api/user/profile', {
    method: 'PUT',
    body: JSON.stringify(changes),
  });
  return body.user;
}

export interface ApiKey {
  id: string;
  name: string;
  /** The first characters of the key (sk_…), enough to recognise it. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
  /** Where calls made with this key send job webhooks when they name none. */
  webhook_url: string | null;
}

export async function fetchApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  const body = await requestJson<{ items: ApiKey[] }>('/api/user/api-keys', { signal });
  return body.items;
}

export interface CreatedApiKey {
  /** The whole key: the only time the server ever shows it. */
  key: string;
  api_key: ApiKey;
}

export function createApiKey(name: string, webhookUrl = ''): Promise<CreatedApiKey> {
  return requestJson<CreatedApiKey>('/api/user/api-keys', {
    method: 'POST',
    body: JSON.stringify(webhookUrl ? { name, webhook_url: webhookUrl } : { name }),
  });
}

/** Sets (or with '' clears) a key's default webhook URL. */
export function updateApiKeyWebhook(id: string, webhookUrl: string): Promise<ApiKey> {
  return requestJson<ApiKey>(`/api/user/api-keys/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: JSON.stringify({ webhook_url: webhookUrl }),
  });
}

export function revokeApiKey(id: string): Promise<{ success: boolean }> {
  return requestJson<{ success: boolean }>(`/api/user/api-keys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

/** The owner's proof: the password, or for an account without one (Google) the phrase typed. */
export interface AccountDeletionProof {
  password?: string;
  confirmation?: string;
}

export function deleteAccount(proof: AccountDeletionProof): Promise<{ success: boolean }> {
  return requestJson<{ success: boolean }>('/api/user/account', {
    method: 'DELETE',
    body: JSON.stringify(proof),
  });
}
