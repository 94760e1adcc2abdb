// The signed-in session in local storage (spec 3): `token` (the bearer string) and `cached_user_data`
// (the last user the server confirmed, used when the server cannot be reached). Storage can be
// unavailable (private browsing); the app then works as a guest.
import type { SessionUser } from '../api/session-user.ts';

export const TOKEN_KEY = 'token';
export const CACHED_USER_KEY = 'cached_user_data';
export const REDIRECT_AFTER_LOGIN_KEY = 'redirectAfterLogin';

export function readToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

export function readCachedUser(): SessionUser | null {
  try {
    const raw = window.localStorage.getItem(CACHED_USER_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && 'id' in parsed ? (parsed as SessionUser) : null;
  } catch {
    return null;
  }
}

export function storeSession(token: string, user: SessionUser | null): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
    if (user) window.localStorage.setItem(CACHED_USER_KEY, JSON.stringify(user));
  } catch {
    // Not stored: the session lasts until the page is closed.
  }
}

export function storeCachedUser(user: SessionUser): void {
  try {
    window.localStorage.setItem(CACHED_USER_KEY, JSON.stringify(user));
  } catch {}
}

export function clearSession(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
    window.localStorage.removeItem(CACHED_USER_KEY);
  } catch {}
}

/** The path to go to once signed in (spec 3: session storage `redirectAfterLogin`). */
export function storeRedirectAfterLogin(path: string): void {
  try {
    window.sessionStorage.setItem(REDIRECT_AFTER_LOGIN_KEY, path);
  } catch {}
}

/** Reads and forgets the pending path, so it is followed once. */
export function takeRedirectAfterLogin(): string | null {
  try {
    const path = window.sessionStorage.getItem(REDIRECT_AFTER_LOGIN_KEY);
    window.sessionStorage.removeItem(REDIRECT_AFTER_LOGIN_KEY);
    return path;
  } catch {
    return null;
  }
}
