// Sign-in calls of spec section 7, and the subscriptions list that decides the plan.
import { withSecurityCheck } from '../security-check/security-check.ts';
import { requestJson } from './http.ts';
import type { SessionUser } from './session-user.ts';

export type { SessionUser };

export interface MeResponse {
  authenticated: boolean;
  user: SessionUser | null;
}

export interface SignedIn {
  token: string;
  user: SessionUser;
}

export const AUTH_CHECK_TIMEOUT_MS = 5000;

/** After repeated failures the server asks for the security check first (withSecurityCheck). */
export function login(username: string, password: string): Promise<SignedIn> {
  return withSecurityCheck((headers) =>
    requestJson<SignedIn>('/api/auth/login', {
      method: 'POST',
      headers,
      body: JSON.stringify({ username, password }),
      unauthorizedIsExpected: true,
    }),
  );
}

export function register(username: string, password: string): Promise<SignedIn> {
  return withSecurityCheck((headers) =>
    requestJson<SignedIn>('/api/auth/register', {
      method: 'POST',
      headers,
      body: JSON.stringify({ username, password }),
      unauthorizedIsExpected: true,
    }),
  );
}

export function logout(): Promise<unknown> {
  return requestJson('/api/auth/logout', { method: 'POST', unauthorizedIsExpected: true });
}

/** Which ways to sign in this server offers (Google only with an OAuth client configured). */
export interface SignInMethods {
  google: boolean;
  password: boolean;
}

export function fetchSignInMethods(signal?: AbortSignal): Promise<SignInMethods> {
  return requestJson<SignInMethods>('/api/auth/methods', { signal, unauthorizedIsExpected: true });
}

/** Where to send the browser for Google sign-in; answers 409 when the server has no Google client. */
export async function googleLoginUrl(locale: string): Promise<string> {
  const body = await requestJson<{ login_url: string }>(
    `/api/auth/google/login?locale=${encodeURIComponent(locale)}`,
  );
  return body.login_url;
}

/** The token of a just-finished Google sign-in, read once from the server's hand-off cookie. */
export async function tokenFromCookie(): Promise<string> {
  const body = await requestJson<{ token: string }>(`/api/auth/token-from-cookie?_t=${Date.now()}`, {
    credentials: 'include',
    unauthorizedIsExpected: true,
  });
  return body.token;
}

export function clearTokenCookie(): Promise<unknown> {
  return requestJson('/api/auth/token-from-cookie?clear_cookie=true', {
    credentials: 'include',
    unauthorizedIsExpected: true,
  }).catch(() => undefined);
}

export interface Subscription {
  status: string;
  plan_id: string;
}

/** The signed-in user's subscriptions, in whichever list shape the server answers. */
export async function fetchSubscriptions(signal?: AbortSignal): Promise<Subscription[]> {
  const body = await requestJson<unknown>('/api/v1/payments/subscriptions', {
    signal,
    unauthorizedIsExpected: true,
  });
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? ((body as { items?: unknown; subscriptions?: unknown }).items ??
        (body as { subscriptions?: unknown }).subscriptions)
      : [];
  return Array.isArray(list) ? (list as Subscription[]) : [];
}
